#!/usr/bin/env node
// The published entry: registers tsx so the TypeScript sources run as they are
// (README, Decision 2), then hands over to cli/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
