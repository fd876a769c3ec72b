import { readCappedJson } from '../../../common/capped-read';
import { errorReason } from '../../../common/error-reason';
import { trimEndOf } from '../../../common/trim-end';

/** Vectors for texts, or null when no embedding model is available (retrieval then uses words alone). */
export interface Embedder {
  embed(texts: string[]): Promise<number[][] | null>;
}

/** The local engine has no model: nothing is embedded. */
export const NO_EMBEDDINGS: Embedder = { embed: () => Promise.resolve(null) };

const BATCH = 64;
const TIMEOUT_MS = 15_000;

/**
 * The `/embeddings` endpoint of the OpenAI-compatible server, used when the server offers it. A
 * server that answers 404, 400 or 501 there has none, and is not asked again; any other failure
 * costs that one retrieval or document its vectors, never the request. Each answer has
 * TIMEOUT_MS, body included, and is read up to `maxBytes` only (a larger one is such a failure).
 */
export class OpenAiEmbedder implements Embedder {
  private unsupported = false;
  private readonly url: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly model: string,
    private readonly maxBytes: number,
    private readonly onFailure: (reason: string) => void = () => {},
  ) {
    this.url = `${trimEndOf(baseUrl, '/')}/embeddings`;
  }

  async embed(texts: string[]): Promise<number[][] | null> {
    if (this.unsupported || texts.length === 0) return null;
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const batch = await this.request(texts.slice(i, i + BATCH));
      if (!batch) return null;
      vectors.push(...batch);
    }
    return vectors;
  }

  private async request(input: string[]): Promise<number[][] | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.model, input }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if ([400, 404, 405, 501].includes(response.status)) {
        this.unsupported = true;
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        this.onFailure(`HTTP ${response.status}`);
        return null;
      }
      const body = (await readCappedJson(response.body, this.maxBytes)) as {
        data?: { index: number; embedding: number[] }[];
      };
      const data = [...(body.data ?? [])].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      return data.length === input.length && data.every((v) => Array.isArray(v) && v.length > 0) ? data : null;
    } catch (error) {
      this.onFailure(errorReason(error));
      return null;
    }
  }
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
