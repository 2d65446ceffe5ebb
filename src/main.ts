import { ConfigError } from './config.js';
import { loadStartConfig } from './models/start-config.js';
import { serve } from './serve.js';
import { guardStandardStreams } from './shared/log-destination.js';

// A log or console that cannot be written (a full disk, a closed pipe) must not end the process.
guardStandardStreams();

try {
  await serve(loadStartConfig());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
