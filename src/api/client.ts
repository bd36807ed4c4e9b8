import type { Envelope } from './contract/envelope.ts';
import { parseViewerHeader, VIEWER_HEADER, type ReportedViewer } from './contract/viewer-header.ts';
import { reportNetworkFailure, reportNetworkSuccess } from '../lib/online-status.ts';
import { storedToken } from '../lib/storage.ts';
import { CACHED_AT_HEADER } from '../lib/sw-messages.ts';

/** What a 404 resolves to (docs/product/api.md "Transport rules": a failure object with the status and the raw text). */
export interface NotFoundFailure extends Envelope<never> {
  success: false;
  status: 404;
  rawText: string;
}

export type ApiReply<T> = Envelope<T> | NotFoundFailure;

export const transportErrors = {
  server: (status: number) => `Error response from server: ${status}`,
  unknown: 'unknown error',
  unparsable: 'Failed to parse JSON response',
} as const;

export class TransportError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export function isNotFound<T>(reply: ApiReply<T>): reply is NotFoundFailure {
  return (reply as NotFoundFailure).status === 404;
}

/** The transport rules (docs/product/api.md "Transport rules"), as one pure function of status and body text. */
export function interpretResponse<T>(status: number, text: string): ApiReply<T> {
  if (status === 404) {
    return {
      success: false,
      status: 404,
      rawText: text,
      message: text,
      data: null,
      formFieldErrorMessages: {},
    };
  }
  if (status >= 500 && status <= 599)
    throw new TransportError(transportErrors.server(status), status);
  if (status < 200 || status > 499 || (status >= 300 && status < 400)) {
    throw new TransportError(transportErrors.unknown, status);
  }
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new TransportError(transportErrors.unparsable, status);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart with the browser's boundary. */
  body?: unknown;
  /** Ask caches (HTTP and the service worker) not to answer this request. */
  noCache?: boolean;
  /** A token to send instead of the stored user's. */
  token?: string | null;
  /** Upload progress in percent (0–100); switches the transport to XMLHttpRequest. */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
  /** Sees the raw response before it is read (e.g. the service worker's cached-copy stamp). */
  onResponse?: (response: Response) => void;
}

export const API_PREFIX = '/api/v1';

/** A request src/first-requests.ts sent before the app started, waiting to be taken over. */
export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => b[name] === value);

/** The early request for exactly this GET (URL and headers), once; null when there is none. */
function takeEarlyRequest(url: string, headers: Record<string, string>): Promise<Response> | null {
  const early = (globalThis as { wavesEarlyRequests?: EarlyRequest[] }).wavesEarlyRequests;
  const index = early?.findIndex((request) => request.url === url) ?? -1;
  if (!early || index < 0) return null;
  const [request] = early.splice(index, 1);
  return request && sameHeaders(request.headers, headers) ? request.response : null;
}

export function buildHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers['Content-Type'] = 'application/json';
  if (options.noCache) {
    headers['Cache-Control'] = 'no-cache, no-store, must-revalidate';
    headers['Pragma'] = 'no-cache';
    headers['Expires'] = '0';
  }
  const token = options.token ?? storedToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  return JSON.stringify(body);
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_PREFIX}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function sendWithProgress(url: string, init: RequestOptions, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) init.onUploadProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(encodeBody(init.body) as XMLHttpRequestBodyInit | null);
  });
}

/** A busy server's quick refusal (docs/decisions.md "Load shedding") is worth one more try. */
export const MAX_RETRY_AFTER_MS = 5_000;

/** How long to wait before asking again: a 429 or 503 with a short Retry-After, else null. */
export function shortRetryAfterMs(response: Response): number | null {
  if (response.status !== 429 && response.status !== 503) return null;
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds * 1000 > MAX_RETRY_AFTER_MS) return null;
  return seconds * 1000;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** At most this many distinct GETs are remembered for the service worker (a page without one). */
const MAX_GETS_BEFORE_WORKER = 100;
const getsBeforeWorker = new Map<string, { url: string; init: RequestInit }>();

/**
 * Remembers a GET sent while no service worker controlled the page (a first visit), so that
 * src/lib/sw-bridge.ts can send it again, the same, through the worker once it takes control.
 */
function rememberIfBeforeWorker(url: string, init: RequestInit) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller || getsBeforeWorker.size >= MAX_GETS_BEFORE_WORKER) return;
  getsBeforeWorker.set(`${url}\n${JSON.stringify(init.headers)}`, { url, init });
}

/**
 * The GETs sent before a service worker controlled the page, each once, and only those sent for
 * the account signed in now (a reply for an account signed out meanwhile must not be cached
 * again: docs/architecture.md "Private replies"); forgets them all.
 */
export function takeGetsBeforeWorker(): { url: string; init: RequestInit }[] {
  const authorization = buildHeaders({})['Authorization'];
  const gets = [...getsBeforeWorker.values()].filter(
    ({ init }) => (init.headers as Record<string, string>)['Authorization'] === authorization,
  );
  getsBeforeWorker.clear();
  return gets;
}

type ViewerListener = (viewer: ReportedViewer) => void;
let viewerListener: ViewerListener | null = null;

/**
 * Hears who the server took the caller for, from the network's replies that say so (a list's:
 * src/api/contract/viewer-header.ts), until the returned function is called. A copy from the
 * service worker's cache is not heard: it says who asked back then.
 */
export function listenForViewer(listener: ViewerListener): () => void {
  viewerListener = listener;
  return () => {
    if (viewerListener === listener) viewerListener = null;
  };
}

/** The only way the app talks to the API (docs/product/api.md "Request headers", "Transport rules"). */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiReply<T>> {
  const url = apiUrl(path, options.query);
  const headers = buildHeaders(options);
  if (options.onUploadProgress) {
    const { status, text } = await sendWithProgress(url, options, headers);
    return interpretResponse<T>(status, text);
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers,
    ...(options.noCache ? { cache: 'no-store' as const } : {}),
  };
  if (method === 'GET') rememberIfBeforeWorker(url, init);
  const send = () =>
    fetch(url, {
      ...init,
      body: encodeBody(options.body) ?? null,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  let response: Response;
  try {
    const early = method === 'GET' ? takeEarlyRequest(url, headers) : null;
    response = await (early ?? send());
    const wait = method === 'GET' ? shortRetryAfterMs(response) : null;
    if (wait !== null) {
      await delay(wait, options.signal);
      response = await send();
    }
  } catch (error) {
    if (!options.signal?.aborted) reportNetworkFailure();
    throw error;
  }
  if (response.headers.has(CACHED_AT_HEADER)) {
    reportNetworkFailure();
  } else {
    reportNetworkSuccess();
    if (viewerListener) {
      const viewer = parseViewerHeader(response.headers.get(VIEWER_HEADER));
      if (viewer) viewerListener(viewer);
    }
  }
  options.onResponse?.(response);
  return interpretResponse<T>(response.status, await response.text());
}

/** For queries: a successful reply's data, or an error carrying the reply's message. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const reply = await apiRequest<T>(path, options);
  if (!reply.success || reply.data === null) {
    throw new ApiFailure(reply);
  }
  return reply.data;
}

export class ApiFailure extends Error {
  constructor(readonly reply: ApiReply<unknown>) {
    super(reply.message || transportErrors.unknown);
    this.name = 'ApiFailure';
  }
  get notFound() {
    return isNotFound(this.reply);
  }
}
