export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, with the given content type (for malformed or non-JSON bodies). */
  raw?: { body: string; type: string };
  /** Sent as multipart/form-data. */
  form?: FormData;
  headers?: Record<string, string>;
}

/** A small HTTP client over the real service: every call is a real request on loopback. */
export class Api {
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) {
      body = options.form;
    } else if (options.raw) {
      body = options.raw.body;
      headers['content-type'] = options.raw.type;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get<T = unknown>(path: string, token?: string) {
    return this.request<T>('GET', path, { token });
  }

  post<T = unknown>(path: string, body: unknown, token?: string) {
    return this.request<T>('POST', path, { body, token });
  }

  patch<T = unknown>(path: string, body: unknown, token?: string) {
    return this.request<T>('PATCH', path, { body, token });
  }

  delete<T = unknown>(path: string, token?: string) {
    return this.request<T>('DELETE', path, { token });
  }

  /** A GraphQL operation over HTTP; returns data and errors as the server sent them. */
  async graphql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    token?: string,
  ): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[]; status: number }> {
    const response = await this.request<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>(
      'POST',
      '/graphql',
      {
        body: { query, variables },
        token,
      },
    );
    return { ...response.body, status: response.status };
  }
}
