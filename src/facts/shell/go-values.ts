/* eslint-disable @typescript-eslint/no-explicit-any */
import { UnsupportedSyntax } from './errors.js';

/** A GopherJS value: untyped, and kept inside the shell parser's modules. */
export type GoNode = any;

// mvdan-sh's tree as GopherJS keeps it, read without the JS API's wrappers: a wrapper builds a
// fresh JS copy of a field (and of every node in a list) on every read, which cost ~85% of a
// parse (bench/PROFILE.md, fifth pass). Only parser.ts uses this. The readings below hold for
// mvdan-sh 0.10.1 (pinned in package.json) and are checked against the wrappers' own, field by
// field, in test/facts/shell-go-values.test.ts.
//
// What GopherJS does with Go values:
// - a wrapper handed out by the JS API holds the Go value in `__internal_object__`, and the
//   API takes back any object that has one;
// - a pointer to a node is the node's object: exported fields are properties of the same
//   name, and `constructor.string` is its Go type (`*syntax.CallExpr`);
// - a nil pointer is its type's `nil` object; a nil interface is GopherJS's one `$ifaceNil`,
//   which has no Go type;
// - a slice is { $array, $offset, $length } over a backing array other slices may share;
// - a string is its UTF-8 bytes, one per UTF-16 unit.
// Anything else is not a tree this converter knows: UnsupportedSyntax (fail closed).

/** The Go value behind a JS API wrapper. */
export function goValueOf(wrapper: GoNode): GoNode {
  const value = wrapper?.__internal_object__;
  if (value === undefined || value === null) throw new UnsupportedSyntax('mvdan-sh returned an unknown tree');
  return value;
}

/** An object mvdan-sh's JS API accepts for a Go value. */
export function wrapperOf(value: GoNode): GoNode {
  return { __internal_object__: value };
}

/** Whether a pointer or interface field holds nil. */
export function isNil(value: GoNode): boolean {
  if (value === undefined || value === null) return true;
  const type = value.constructor;
  return typeof type?.string !== 'string' || type.nil === value;
}

const NODE_TYPE_PREFIX = '*syntax.';

/** A node's type name as mvdan-sh's NodeType gives it (`CallExpr`). */
export function typeName(node: GoNode): string {
  const type = node?.constructor?.string;
  if (typeof type !== 'string' || !type.startsWith(NODE_TYPE_PREFIX) || isNil(node)) {
    throw new UnsupportedSyntax(`unknown node ${typeof type === 'string' ? type : typeof node}`);
  }
  return type.slice(NODE_TYPE_PREFIX.length);
}

/** The elements of a Go slice. */
export function items(slice: GoNode): GoNode[] {
  const array = slice?.$array;
  const offset = slice?.$offset;
  const length = slice?.$length;
  if (array === undefined || typeof offset !== 'number' || typeof length !== 'number') {
    throw new UnsupportedSyntax('mvdan-sh returned an unknown list');
  }
  const out: GoNode[] = new Array(length);
  for (let i = 0; i < length; i++) out[i] = array[offset + i];
  return out;
}

const ASCII = /^[\x00-\x7f]*$/;

/** A Go string (UTF-8 bytes) as text. */
export function text(value: GoNode): string {
  if (typeof value !== 'string') throw new UnsupportedSyntax('mvdan-sh returned an unknown string');
  return ASCII.test(value) ? value : Buffer.from(value, 'latin1').toString('utf8');
}
