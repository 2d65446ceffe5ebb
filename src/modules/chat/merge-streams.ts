/**
 * Interleaves several async iterators in the order their items arrive, tagging each with its index.
 * `firsts` are results already taken from each iterator. A failure of any one ends the merge with it.
 */
export async function* mergeStreams<T>(
  iterators: AsyncIterator<T>[],
  firsts: IteratorResult<T>[],
): AsyncGenerator<{ index: number; part: T }> {
  const pending = new Map<number, Promise<{ index: number; result: IteratorResult<T> }>>();
  const take = (index: number, promise: Promise<{ index: number; result: IteratorResult<T> }>) => {
    // Raced below; after the merge has ended nobody awaits it, and its failure must not be unhandled.
    promise.catch(() => undefined);
    pending.set(index, promise);
  };
  for (const [index, result] of firsts.entries()) take(index, Promise.resolve({ index, result }));
  while (pending.size > 0) {
    const { index, result } = await Promise.race(pending.values());
    if (result.done) {
      pending.delete(index);
      continue;
    }
    const iterator = iterators[index] as AsyncIterator<T>;
    take(
      index,
      iterator.next().then((next) => ({ index, result: next })),
    );
    yield { index, part: result.value };
  }
}
