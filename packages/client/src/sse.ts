/**
 * The `data` of each server-sent event of a response body, in order (event names, ids and comments are
 * not used by the service and are skipped). Lines may end in \n, \r\n or \r; an event ends at a blank line.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = lineEnd(buffer); end >= 0; end = lineEnd(buffer)) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line[5] === ' ' ? 6 : 5));
      }
    }
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer[5] === ' ' ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}

/** The index of the first line break, or -1; a \r at the very end waits for the next chunk (it may be \r\n). */
function lineEnd(buffer: string): number {
  for (let i = 0; i < buffer.length; i += 1) {
    const c = buffer[i];
    if (c === '\n') return i;
    if (c === '\r') return i + 1 < buffer.length ? i : -1;
  }
  return -1;
}
