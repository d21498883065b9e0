#!/usr/bin/env node
// The published entry: registers tsx so the TypeScript sources run as they are
// (README, Decision 2), then hands over to cli/main.ts.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React's server renderer picks its build when first imported: the development
// build is several times slower and embeds stack traces in fallback markup.
process.env.NODE_ENV ??= 'production';

// tsx would otherwise read the tsconfig of the current folder, and run from
// elsewhere the JSX settings would be lost ("React is not defined").
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
