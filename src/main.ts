import { ConfigError } from './config.js';
import { loadStartConfig } from './models/start-config.js';
import { serve } from './serve.js';

try {
  await serve(loadStartConfig());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
