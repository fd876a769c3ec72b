import { JOB_EXPIRY_SECONDS } from '../src/jobs/job-queue';
import type { AgentAnswer } from './helpers/agent';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { killMidJob, stopWorkers, workerEnv } from './helpers/kill-mid-job';
import { OpenAiFixture } from './helpers/openai-server';
import type { Running } from './helpers/service-process';
import { startTestApp, type TestApp, testDatabase } from './helpers/test-app';
import { eventually } from './helpers/webhooks';

// A workflow run is a pg-boss job kept alive by its process's heartbeat (src/jobs/job-queue.ts):
// a run that waits on the language model longer than its job's expiry runs once, and one whose
// process is killed runs again in another process within 30 s.

interface WorkflowRecord {
  id: string;
  conversationId: string;
  runs: number;
  lastResult: string | null;
}

/** A weekly workflow of the admin's, planned and confirmed through the agent: its first run is days away. */
async function weeklyWorkflow(t: TestApp, admin: Member): Promise<string> {
  const asked = await t.api.post<AgentAnswer>(
    '/api/v1/agent/ask',
    { question: 'Every Friday at 4pm post the completed tasks in #wins' },
    admin.token,
  );
  expect(
    (
      await t.api.post<AgentAnswer>(
        '/api/v1/agent/reply',
        { conversationId: asked.body.conversation, question: 'yes' },
        admin.token,
      )
    ).status,
  ).toBe(200);
  // Told in the reply without a language model; with one, the reply is the model's own wording.
  const list = await t.api.get<WorkflowRecord[]>('/api/v1/agent/workflows', admin.token);
  const workflow = list.body.find((w) => w.conversationId === asked.body.conversation);
  if (!workflow) throw new Error(`no workflow scheduled: ${JSON.stringify(list.body)}`);
  return workflow.id;
}

/** Asks for a run now; resolves once it is queued. */
async function runNow(t: TestApp, admin: Member, id: string): Promise<void> {
  const queued = await t.api.post(`/api/v1/agent/workflows/${id}/run`, undefined, admin.token);
  expect(queued.status).toBe(202);
}

/** The workflow once it has run `runs` times. */
const ran = (t: TestApp, admin: Member, id: string, runs: number) =>
  eventually(
    async () => (await t.api.get<WorkflowRecord>(`/api/v1/agent/workflows/${id}`, admin.token)).body,
    (w) => w.runs >= runs,
    60_000,
  );

let llm: OpenAiFixture;
let llmUrl: string;
beforeAll(async () => {
  llm = new OpenAiFixture();
  llmUrl = await llm.start();
});
afterAll(() => llm.close());

describe('a workflow run that waits on the language model longer than its job expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      LLM_BASE_URL: llmUrl,
      LLM_MODEL: 'test-model',
      LLM_TIMEOUT_MS: '120000',
      JOB_POLL_SECONDS: '0.5',
    });
  });
  afterAll(() => t.close());

  it('runs once, in the one process that took it', async () => {
    const { admin } = await orgWithAdmin(t);
    const id = await weeklyWorkflow(t, admin);
    const before = llm.requests.length;
    // The answer streams slowly: past the expiry, and past a maintenance after it.
    const pauseMs = ((JOB_EXPIRY_SECONDS + 12) * 1000) / 2;
    llm.respondWith({ chunks: ['Slow', ' but', ' sure.'], delayMs: pauseMs });
    await runNow(t, admin, id);
    const done = await ran(t, admin, id, 1);
    expect(done).toMatchObject({ runs: 1, lastResult: 'Slow but sure.' });
    // Long enough for a second run, had the job been expired and retried, to have asked the model.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(llm.requests.length - before).toBe(1);
    expect((await t.api.get<WorkflowRecord>(`/api/v1/agent/workflows/${id}`, admin.token)).body.runs).toBe(1);
  }, 90_000);
});

// Two worker processes share one database only on a PostgreSQL server.
if (testDatabase() === 'postgres') {
  describe('a workflow run whose worker process is killed', () => {
    let api: TestApp;
    const workers: Running[] = [];
    beforeAll(async () => {
      // The api plans without the language model; only the workers run workflows with it.
      api = await startTestApp({ ROLE: 'api' });
    });
    afterAll(async () => {
      await stopWorkers(workers);
      await api?.close();
    });

    it('runs again in another worker within 30 s of the kill, and not while the first lives', async () => {
      const { admin } = await orgWithAdmin(api);
      const id = await weeklyWorkflow(api, admin);
      const env = workerEnv(api, {
        LLM_BASE_URL: llmUrl,
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: '120000',
        LLM_RETRIES: '0',
      });
      const before = llm.requests.length;
      // The first run's model never answers: the run waits until its process dies.
      llm.respondWith({ hang: true });
      const { recoveryMs } = await killMidJob(
        env,
        () => runNow(api, admin, id),
        () => llm.requests.length - before,
        workers,
      );
      console.log(`workflow run started again ${recoveryMs} ms after its worker was killed`);
      expect(recoveryMs).toBeLessThan(30_000);
      expect(await ran(api, admin, id, 1)).toMatchObject({ runs: 1, lastResult: 'Hello from the model.' });
    }, 150_000);
  });
}
