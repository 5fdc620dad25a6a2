#!/usr/bin/env node
import { runCli } from './adapters/driving/cli/cli.js';
import { loadConfig } from './config.js';
import { createContainer, resolveApplication } from './container.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// The CLI needs no server settings, so the environment's are not read: a bad PORT must not stop a conversion.
const application = resolveApplication(createContainer(loadConfig({ LOG_LEVEL: 'silent' })));
const code = await runCli(process.argv.slice(2), application.useCases, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readStdin,
});
await application.close();
process.exitCode = code;
