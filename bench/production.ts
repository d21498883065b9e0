// Imported FIRST by every benchmark: React picks its development or production
// build when it is first loaded, and ES modules evaluate in import order, so a
// `process.env.NODE_ENV = ...` statement in the benchmark itself would run too
// late (after its imports loaded React in development mode, several times slower).
process.env.NODE_ENV ??= 'production';
