import { isClusterMessage } from './cluster-message.js';
import { CompletionSignal } from '../jobs/completion-signal.js';

/** What the processes of one service tell each other (through the cluster's primary, which relays to all). */
export interface PeerMessages {
  /** An account or its keys changed: cached key lookups of the account are stale. */
  'account.changed': { accountId: string };
  /** An account's brand voices changed: its cached default instructions are stale. */
  'brand-voices.changed': { accountId: string };
  /** A job was queued: a worker that sleeps until its next poll should look now. */
  'jobs.enqueued': Record<string, never>;
  /** A job-backed record settled: requests waiting for it (waitForResult) should look now. */
  'images.settled': Record<string, never>;
  /** An admin published or unpublished a preset: the catalogue's published layer is stale. */
  'presets.published': Record<string, never>;
}
export type PeerTopic = keyof PeerMessages;

/** The other processes of this service. A single process has none: telling them is a no-op. */
export interface Peers {
  /** Reaches every other process of the service, not this one. */
  tell<T extends PeerTopic>(topic: T, data: PeerMessages[T]): void;
  on<T extends PeerTopic>(topic: T, handler: (data: PeerMessages[T]) => void): void;
}

export const noPeers: Peers = {
  tell: () => undefined,
  on: () => undefined,
};

/** The envelope on the cluster's IPC channel. */
export interface PeerEnvelope {
  atelier: 'peer';
  topic: PeerTopic;
  data: unknown;
}

export function isPeerEnvelope(message: unknown): message is PeerEnvelope {
  return isClusterMessage<PeerEnvelope>(message, 'peer');
}

/** The peers of a process started by the cluster's primary (src/cluster/supervisor.ts). */
export function clusterPeers(): Peers {
  const handlers = new Map<PeerTopic, ((data: never) => void)[]>();
  process.on('message', (message: unknown) => {
    if (!isPeerEnvelope(message)) return;
    for (const handler of handlers.get(message.topic) ?? []) handler(message.data as never);
  });
  return {
    tell(topic, data) {
      // A primary that is gone (the service is stopping) cannot relay: the others poll anyway.
      if (!process.connected) return;
      const envelope: PeerEnvelope = { atelier: 'peer', topic, data };
      process.send?.(envelope, undefined, undefined, () => undefined);
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler as (data: never) => void]);
    },
  };
}

/**
 * A completion signal that also wakes the waiters of the other processes: a record settled by a worker
 * process wakes the request that waits for it in an API process at once, instead of at its next poll.
 */
export class SharedSignal extends CompletionSignal {
  constructor(
    private readonly peers: Peers,
    private readonly topic: 'images.settled',
  ) {
    super();
    peers.on(topic, () => super.notify());
  }

  override notify(): void {
    super.notify();
    this.peers.tell(this.topic, {});
  }
}
