// Policy files → validated documents with source locations.
export type * from './document.js';
export { loadPolicyFiles, loadPolicyText, checkPolicySet, sortDiagnostics, MAX_FILE_BYTES } from './load.js';
export type { LoadedPolicy, LoadResult } from './load.js';
export { globProblem, globMeaningProblem, globLists, GLOB_MAX_LENGTH } from './lint.js';
export { MAX_DEPTH, MAX_ALIAS_COUNT } from './yaml.js';
export { SCHEMA_URL } from './validate.js';
