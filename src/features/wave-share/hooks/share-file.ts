/**
 * Shares a file from our server through the Web Share API with files where the browser takes
 * them (phones), else saves it as a download (desktops). The file is fetched first, with the
 * session's cookie, so a chat group's card or video works for its members.
 */
export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

export class ShareFetchError extends Error {
  constructor(readonly status: number) {
    super(`the file could not be fetched (${status})`);
  }
}

export async function shareOrDownload(
  url: string,
  fileName: string,
  details: { title: string; text: string },
): Promise<ShareOutcome> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new ShareFetchError(response.status);
  const blob = await response.blob();
  const file = new File([blob], fileName, { type: blob.type || 'application/octet-stream' });
  const data = { files: [file], title: details.title, text: details.text };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError (the tap's activation ran out while the file loaded) and the like:
      // the download below still gives the person their file.
    }
  }
  const link = document.createElement('a');
  const objectUrl = URL.createObjectURL(file);
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return 'downloaded';
}

/** A file name from a wave's title: letters, digits and dashes, never empty. */
export function shareFileName(title: string, waveName: string, extension: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || waveName}.${extension}`;
}
