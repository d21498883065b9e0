// Change-driven builds equal full builds after each of 40 random edits of
// every kind (tests/helpers/changed-property.ts), seed 7.
import { changedProperty } from '../helpers/changed-property.ts';

changedProperty([7]);
