import { ConfigError, loadConfig } from './config.js';
import { serve } from './serve.js';

try {
  await serve(loadConfig());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
