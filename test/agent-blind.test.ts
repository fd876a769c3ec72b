import { blindSetSuite } from './helpers/blind-set';
import * as sobreiroCompany from './fixtures/blind-sobreiro/company';
import * as sobreiroRequests from './fixtures/blind-sobreiro/requests';
import * as ignimbriteCompany from './fixtures/blind-ignimbrite/company';
import * as ignimbriteRequests from './fixtures/blind-ignimbrite/requests';

// The agent scored on blind sets (test/fixtures/blind-*), each written by someone who had read none
// of the agent's code; test/helpers/blind-set.ts says how. Run one set with `-t <company>`.
// The floors sit just under what each set scored when it landed (docs/agent.md, "Measured on blind
// sets"), far under the 95 % aimed at; they keep the agent from sliding back.

describe('Sobreiro Materials (first set; seen while the planner was mended, so no longer held out)', () => {
  blindSetSuite(
    { company: sobreiroCompany, ...sobreiroRequests },
    {
      requests: 0.72,
      directoryRight: 0.7,
      documentRightOrOffered: 0.62,
      documentWrongAtMost: 0.1,
      unanswerableDeclined: 0.78,
    },
  );
});

describe('Ignimbrite Geothermal Drilling (second set, held out)', () => {
  blindSetSuite(
    { company: ignimbriteCompany, ...ignimbriteRequests },
    {
      requests: 0.78,
      directoryRight: 0.78,
      documentRightOrOffered: 0.84,
      documentWrongAtMost: 0.08,
      unanswerableDeclined: 0.8,
    },
  );
});
