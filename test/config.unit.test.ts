import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'talent-config-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('defaults to port 4000 and the embedded database in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 4000,
      env: 'development',
      databaseUrl: undefined,
      allowPrivateUrls: false,
      jwtSecretGenerated: true,
    });
    expect(config.dataDir).toBe(dir);
    expect(config.secretsKey).toHaveLength(32);
  });

  it('keeps generated development secrets in DATA_DIR across restarts', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres/],
    [{ SECRETS_KEY: Buffer.alloc(16).toString('base64') }, /SECRETS_KEY: must be 32 bytes/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 32 characters/],
    [{ ALLOW_PRIVATE_URLS: 'maybe' }, /ALLOW_PRIVATE_URLS/],
    [
      { ALLOW_PRIVATE_ADDRESSES: '10.0.0.0/8, intranet' },
      /ALLOW_PRIVATE_ADDRESSES: must be a comma-separated list of IP addresses or CIDR ranges/,
    ],
    [{ ALLOW_PRIVATE_ADDRESSES: '10.0.0.0/33' }, /ALLOW_PRIVATE_ADDRESSES/],
    [{ NODE_ENV: 'production', SECRETS_KEY: randomBytes(32).toString('base64') }, /JWT_SECRET: required in production/],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, /SECRETS_KEY: required in production/],
    [{ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' }, /LLM_MODEL: required when LLM_BASE_URL is set/],
    [{ LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' }, /LLM_BASE_URL/],
    [{ LLM_TIMEOUT_MS: '0' }, /LLM_TIMEOUT_MS/],
    [{ LLM_RETRIES: '11' }, /LLM_RETRIES/],
    [{ KNOWLEDGE_MAX_BYTES: '-1' }, /KNOWLEDGE_MAX_BYTES/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
    [{ KNOWLEDGE_FETCH_TIMEOUT_MS: 'soon' }, /KNOWLEDGE_FETCH_TIMEOUT_MS/],
    [{ LLM_MAX_RESPONSE_BYTES: '100' }, /LLM_MAX_RESPONSE_BYTES/],
    [{ LLM_MAX_EVENT_BYTES: 'lots' }, /LLM_MAX_EVENT_BYTES/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });

  it('uses the local agent engine unless an LLM server is configured', () => {
    expect(loadConfig({ DATA_DIR: dir }).llm).toEqual({
      baseUrl: undefined,
      apiKey: undefined,
      model: undefined,
      timeoutMs: 60_000,
      retries: 2,
      maxResponseBytes: 4 * 1024 * 1024,
      maxEventBytes: 1024 * 1024,
      maxEmbeddingsBytes: 16 * 1024 * 1024,
    });
    const llm = loadConfig({
      DATA_DIR: dir,
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'm',
      LLM_API_KEY: 'k',
      LLM_TIMEOUT_MS: '5000',
      LLM_RETRIES: '0',
      LLM_MAX_RESPONSE_BYTES: '65536',
      LLM_MAX_EVENT_BYTES: '4096',
      LLM_MAX_EMBEDDINGS_BYTES: '131072',
    }).llm;
    expect(llm).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 5000,
      retries: 0,
      maxResponseBytes: 65_536,
      maxEventBytes: 4096,
      maxEmbeddingsBytes: 131_072,
    });
  });

  it('reads booleans and the database URL', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      ALLOW_PRIVATE_URLS: 'true',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      JWT_SECRET: 'y'.repeat(40),
    });
    expect(config).toMatchObject({
      allowPrivateUrls: true,
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      jwtSecretGenerated: false,
    });
  });

  it('reads private address ranges, a bare address as a single-address range', () => {
    expect(loadConfig({ DATA_DIR: dir }).allowedPrivateRanges).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir, ALLOW_PRIVATE_ADDRESSES: ' 10.1.0.0/16, 192.168.0.7 ,fd00::5' }).allowedPrivateRanges,
    ).toEqual(['10.1.0.0/16', '192.168.0.7/32', 'fd00::5/128']);
  });
});
