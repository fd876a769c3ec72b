import { blindSetSuite } from './helpers/blind-set';
import * as sobreiroCompany from './fixtures/blind-sobreiro/company';
import * as sobreiroRequests from './fixtures/blind-sobreiro/requests';
import * as ignimbriteCompany from './fixtures/blind-ignimbrite/company';
import * as ignimbriteRequests from './fixtures/blind-ignimbrite/requests';
import * as vindroseCompany from './fixtures/blind-vindrose/company';
import * as vindroseRequests from './fixtures/blind-vindrose/requests';
import * as tinkuyCompany from './fixtures/blind-tinkuy/company';
import * as tinkuyRequests from './fixtures/blind-tinkuy/requests';
import * as tangwickCompany from './fixtures/blind-tangwick/company';
import * as tangwickRequests from './fixtures/blind-tangwick/requests';
import * as vltavaCompany from './fixtures/blind-vltava/company';
import * as vltavaRequests from './fixtures/blind-vltava/requests';
import * as meltemiCompany from './fixtures/blind-meltemi/company';
import * as meltemiRequests from './fixtures/blind-meltemi/requests';
import * as altoverdeCompany from './fixtures/blind-altoverde/company';
import * as altoverdeRequests from './fixtures/blind-altoverde/requests';
import * as brimfaxiCompany from './fixtures/blind-brimfaxi/company';
import * as brimfaxiRequests from './fixtures/blind-brimfaxi/requests';
import * as halicCompany from './fixtures/blind-halic/company';
import * as halicRequests from './fixtures/blind-halic/requests';
import * as lumoraCompany from './fixtures/blind-lumora/company';
import * as lumoraRequests from './fixtures/blind-lumora/requests';
import * as kestevCompany from './fixtures/blind-kestev/company';
import * as kestevRequests from './fixtures/blind-kestev/requests';
import * as lautanCompany from './fixtures/blind-lautan/company';
import * as lautanRequests from './fixtures/blind-lautan/requests';
import * as tuulCompany from './fixtures/blind-tuul/company';
import * as tuulRequests from './fixtures/blind-tuul/requests';
import * as babazulCompany from './fixtures/blind-babazul/company';
import * as babazulRequests from './fixtures/blind-babazul/requests';
import * as kylmajuaCompany from './fixtures/blind-kylmajua/company';
import * as kylmajuaRequests from './fixtures/blind-kylmajua/requests';
import * as samudraCompany from './fixtures/blind-samudra/company';
import * as samudraRequests from './fixtures/blind-samudra/requests';
import * as salarCompany from './fixtures/blind-salar/company';
import * as salarRequests from './fixtures/blind-salar/requests';
import * as smerekovaCompany from './fixtures/blind-smerekova/company';
import * as smerekovaRequests from './fixtures/blind-smerekova/requests';
import * as ardanCompany from './fixtures/blind-ardan/company';
import * as ardanRequests from './fixtures/blind-ardan/requests';
import * as dharakraftCompany from './fixtures/blind-dharakraft/company';
import * as dharakraftRequests from './fixtures/blind-dharakraft/requests';
import * as chenabCompany from './fixtures/blind-chenab/company';
import * as chenabRequests from './fixtures/blind-chenab/requests';
import * as verdemetsaCompany from './fixtures/blind-verdemetsa/company';
import * as verdemetsaRequests from './fixtures/blind-verdemetsa/requests';
import * as tuimoanaCompany from './fixtures/blind-tuimoana/company';
import * as tuimoanaRequests from './fixtures/blind-tuimoana/requests';
import * as uzkorCompany from './fixtures/blind-uzkor/company';
import * as uzkorRequests from './fixtures/blind-uzkor/requests';
import * as bryggjaCompany from './fixtures/blind-bryggja/company';
import * as bryggjaRequests from './fixtures/blind-bryggja/requests';
import * as reefdykeCompany from './fixtures/blind-reefdyke/company';
import * as reefdykeRequests from './fixtures/blind-reefdyke/requests';
import * as mekongCompany from './fixtures/blind-mekong/company';
import * as mekongRequests from './fixtures/blind-mekong/requests';
import * as turquoiseCompany from './fixtures/blind-turquoise/company';
import * as turquoiseRequests from './fixtures/blind-turquoise/requests';
import * as danubiaCompany from './fixtures/blind-danubia/company';
import * as danubiaRequests from './fixtures/blind-danubia/requests';
import * as sonaliCompany from './fixtures/blind-sonali/company';
import * as sonaliRequests from './fixtures/blind-sonali/requests';

// The agent scored on blind sets (test/fixtures/blind-*), each written by someone who had read none
// of the agent's code; test/helpers/blind-set.ts says how. Run one set with `-t <company>`.
// The floors sit just under what each set scores now (docs/agent.md, "Measured on blind sets"); a set
// that has been mended against says little of wording nobody tuned for, so they only keep the agent
// from sliding back.

describe('Sobreiro Materials (first set; seen while the planner was mended, so no longer held out)', () => {
  blindSetSuite(
    { company: sobreiroCompany, ...sobreiroRequests },
    {
      requests: 0.97,
      directoryRight: 0.95,
      documentRightOrOffered: 0.83,
      documentWrongAtMost: 0.07,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Ignimbrite Geothermal Drilling (second set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: ignimbriteCompany, ...ignimbriteRequests },
    {
      requests: 0.95,
      directoryRight: 0.95,
      documentRightOrOffered: 0.88,
      documentWrongAtMost: 0.06,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Vindrose Blades (third set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: vindroseCompany, ...vindroseRequests },
    {
      requests: 0.96,
      directoryRight: 0.95,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Tinkuy Nordic Cacao (fourth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: tinkuyCompany, ...tinkuyRequests },
    {
      requests: 0.97,
      directoryRight: 0.93,
      documentRightOrOffered: 0.93,
      documentWrongAtMost: 0.05,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Tangwick & Souss Seaweed (fifth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: tangwickCompany, ...tangwickRequests },
    {
      requests: 0.96,
      directoryRight: 0.95,
      documentRightOrOffered: 0.88,
      documentWrongAtMost: 0.07,
      unanswerableDeclined: 0.75,
    },
  );
});

describe('Vltava Pampa Brewing Systems (sixth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: vltavaCompany, ...vltavaRequests },
    {
      requests: 0.96,
      directoryRight: 0.95,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('Meltemi Orbital (seventh set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: meltemiCompany, ...meltemiRequests },
    {
      requests: 0.95,
      directoryRight: 0.95,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Altoverde Aerial Mapping (eighth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: altoverdeCompany, ...altoverdeRequests },
    {
      requests: 0.96,
      directoryRight: 0.97,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.78,
    },
  );
});

describe('Brimfaxi Aquaculture (ninth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: brimfaxiCompany, ...brimfaxiRequests },
    {
      requests: 0.97,
      directoryRight: 0.97,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.83,
    },
  );
});

describe('Halic Acoustics (tenth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: halicCompany, ...halicRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.97,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.95,
    },
  );
});

describe('Lumora Grid (eleventh set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: lumoraCompany, ...lumoraRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.97,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Kestev Semillas (twelfth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: kestevCompany, ...kestevRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Lautan Fjord Crewing (thirteenth set: held out for its first two runs, before and after round 11)', () => {
  blindSetSuite(
    { company: lautanCompany, ...lautanRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.9,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Tuul River Fibre Cooperative (fourteenth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: tuulCompany, ...tuulRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.93,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.95,
    },
  );
});

describe('Bab Azul Restauro (fifteenth set: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: babazulCompany, ...babazulRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.9,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.75,
    },
  );
});

describe('Kylmäjua Ltd (set 18: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: kylmajuaCompany, ...kylmajuaRequests },
    {
      requests: 0.99,
      directoryRight: 0.98,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('Samudra Kinloch Subsea (set 19: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: samudraCompany, ...samudraRequests },
    {
      requests: 0.98,
      directoryRight: 0.98,
      documentRightOrOffered: 0.93,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Salar & Spinifex Water (set 20: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: salarCompany, ...salarRequests },
    {
      requests: 0.96,
      directoryRight: 0.95,
      documentRightOrOffered: 0.95,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Smerekova Timberworks (set 21: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: smerekovaCompany, ...smerekovaRequests },
    {
      requests: 0.98,
      directoryRight: 0.92,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Ardán Cableways (set 22: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: ardanCompany, ...ardanRequests },
    {
      requests: 0.98,
      directoryRight: 0.97,
      documentRightOrOffered: 0.9,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('DharaKraft Hydropower (set 23: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: dharakraftCompany, ...dharakraftRequests },
    {
      requests: 0.96,
      directoryRight: 0.97,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Chenab & Clyde Textiles (set 24: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: chenabCompany, ...chenabRequests },
    {
      requests: 0.98,
      directoryRight: 0.98,
      documentRightOrOffered: 0.93,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('Verdemetsä Forestal (set 25: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: verdemetsaCompany, ...verdemetsaRequests },
    {
      requests: 0.98,
      directoryRight: 0.98,
      documentRightOrOffered: 0.94,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('Tui Moana Shipping (set 26: held out for its first run, then mended against)', () => {
  blindSetSuite(
    { company: tuimoanaCompany, ...tuimoanaRequests },
    {
      requests: 0.96,
      directoryRight: 0.97,
      documentRightOrOffered: 0.86,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('UzKor Gin Service (set 27: held out for its first run; some of its misses mended in round 15)', () => {
  blindSetSuite(
    { company: uzkorCompany, ...uzkorRequests },
    {
      requests: 0.95,
      directoryRight: 0.92,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.05,
      unanswerableDeclined: 0.85,
    },
  );
});

describe('Bryggja Seafood Co-operative (set 28: held out for its first run; some of its misses mended in round 15)', () => {
  blindSetSuite(
    { company: bryggjaCompany, ...bryggjaRequests },
    {
      requests: 0.97,
      directoryRight: 0.94,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.04,
      unanswerableDeclined: 0.8,
    },
  );
});

describe('Reef & Dyke Mining Services (set 29: held out for its first run, then mended against in round 15)', () => {
  blindSetSuite(
    { company: reefdykeCompany, ...reefdykeRequests },
    {
      requests: 0.96,
      directoryRight: 0.98,
      documentRightOrOffered: 0.96,
      documentWrongAtMost: 0.02,
      unanswerableDeclined: 0.95,
    },
  );
});

describe('Mekong Molen Trading (set 30: held out for its first run, then mended against in round 15)', () => {
  blindSetSuite(
    { company: mekongCompany, ...mekongRequests },
    {
      requests: 0.98,
      directoryRight: 0.98,
      documentRightOrOffered: 0.91,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Turquoise Mesa Energy Constructors (set 31: held out for its first run, then mended against in round 15)', () => {
  blindSetSuite(
    { company: turquoiseCompany, ...turquoiseRequests },
    {
      requests: 0.98,
      directoryRight: 0.98,
      documentRightOrOffered: 0.94,
      documentWrongAtMost: 0.03,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Danubia Agro Logistic (set 32: held out for its first run, on round 15; its misses read, not yet mended)', () => {
  blindSetSuite(
    { company: danubiaCompany, ...danubiaRequests },
    {
      requests: 0.97,
      directoryRight: 0.93,
      documentRightOrOffered: 0.92,
      documentWrongAtMost: 0.02,
      unanswerableDeclined: 0.9,
    },
  );
});

describe('Sonali Mlima Tea Company (set 33: held out for its first run, on round 15; its misses read, not yet mended)', () => {
  blindSetSuite(
    { company: sonaliCompany, ...sonaliRequests },
    {
      requests: 0.97,
      directoryRight: 0.89,
      documentRightOrOffered: 0.97,
      documentWrongAtMost: 0.02,
      unanswerableDeclined: 0.9,
    },
  );
});
