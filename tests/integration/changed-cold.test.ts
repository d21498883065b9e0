// Change-driven builds equal full builds after each of 40 random edits of every kind
// (tests/helpers/changed-property.ts), seed 23, with every build a fresh `pressroom build`
// process (the first, whole one too): what a cron job or a CI job runs, which starts from
// nothing but what the build before it left on disk under .pressroom/.
import { changedProperty } from '../helpers/changed-property.ts';

changedProperty([23], { process: 'fresh' });
