import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's browser stack uses XMLHttpRequest, which service workers do not have. This
 * stack speaks fetch, so Background Sync can upload with no page open. Fetch reports no upload
 * progress: progress then advances per chunk (the queue sets a chunk size).
 */
export class FetchHttpStack implements HttpStack {
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url);
  }
  getName() {
    return 'FetchHttpStack';
  }
}

class FetchRequest implements HttpRequest {
  private headers: Record<string, string> = {};
  private controller = new AbortController();
  private onProgress: (bytesSent: number) => void = () => undefined;

  constructor(
    private method: string,
    private url: string,
  ) {}

  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers[header] = value;
  }
  getHeader(header: string) {
    return this.headers[header];
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.onProgress = handler;
  }
  async send(body?: Blob | null): Promise<HttpResponse> {
    const response = await fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body: body ?? null,
      credentials: 'include',
      signal: this.controller.signal,
    });
    if (body) this.onProgress(body.size);
    const text = await response.text();
    return {
      getStatus: () => response.status,
      getHeader: (name: string) => response.headers.get(name) ?? undefined,
      getBody: () => text,
      getUnderlyingObject: () => response,
    };
  }
  async abort() {
    this.controller.abort();
  }
  getUnderlyingObject() {
    return this.controller;
  }
}
