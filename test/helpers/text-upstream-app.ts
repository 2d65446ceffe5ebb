import { afterAll, afterEach, beforeAll } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './fake-upstream.js';
import { type TestApp, startTestApp } from './test-app.js';

/**
 * A test app whose language model is an OpenAI-compatible fake upstream (`env` adds to or overrides the text
 * settings), both started before the tests of the file or describe block that calls it and closed after them.
 * After each test the upstream forgets its calls and answers 'Hello from upstream' again.
 */
export function appWithTextUpstream(env: Record<string, string> = {}): { t: TestApp; upstream: FakeUpstream } {
  const suite = {} as { t: TestApp; upstream: FakeUpstream };
  beforeAll(async () => {
    suite.upstream = await startFakeUpstream();
    suite.t = await startTestApp({
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: suite.upstream.baseUrl,
      ATELIER_TEXT_API_KEY: 'sk-upstream',
      ATELIER_TEXT_MODEL: 'small-model',
      ...env,
    });
  });
  afterEach(() => {
    suite.upstream.calls.length = 0;
    suite.upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.upstream?.close();
  });
  return suite;
}
