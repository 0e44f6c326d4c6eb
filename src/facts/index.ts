// The facts a policy decides on: tool classes, canonical paths, path globs, shell commands.
export * from './classify.js';
export * from './paths.js';
export * from './extract-paths.js';
export * from './word-paths.js';
export * from './path-glob.js';
export * from './shell/index.js';
export * from './command-glob.js';
