/**
 * "The queue changed": within this page, and across tabs and the service worker through a
 * BroadcastChannel, so a progress bar follows an upload whoever runs it.
 */
const CHANNEL = 'waves-upload-queue';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function broadcast(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    for (const listener of listeners) listener();
  };
  return channel;
}

export function emitQueueChanged() {
  for (const listener of listeners) listener();
  broadcast()?.postMessage('changed');
}

export function onQueueChanged(listener: () => void) {
  broadcast();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
