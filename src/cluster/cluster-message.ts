/** What the processes of a cluster and their primary send each other over IPC, told apart by `atelier`. */
export type ClusterMessageKind = 'peer' | 'rate-hit' | 'rate-reply' | 'ready';

/** Whether an IPC message is one of ours of this kind (anything else on the channel is ignored). */
export function isClusterMessage<M extends { atelier: ClusterMessageKind }>(
  message: unknown,
  kind: M['atelier'],
): message is M {
  return typeof message === 'object' && message !== null && (message as { atelier?: unknown }).atelier === kind;
}
