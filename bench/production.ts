// Imported FIRST by every benchmark: the settings the `pressroom` process makes
// before any command's code loads (cli/process.js: React's production build),
// so a benchmark measures the process users run. React
// picks its development or production build when it is first loaded, and ES
// modules evaluate in import order, so a `process.env.NODE_ENV = ...` statement
// in the benchmark itself would run too late.
import '../cli/process.js';
