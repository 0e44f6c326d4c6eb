// ImageMagick's images: `FORMAT:file[frames]`, `@lists`, text coders; the last one written.
import type { WordRoles } from './word-roles.js';

export const IMAGEMAGICK: ReadonlySet<string> = new Set(['convert', 'magick', 'mogrify', 'composite', 'montage', 'identify', 'compare', 'conjure', 'stream', 'animate', 'display', 'import']);

// Coders whose name is followed by text, not a file (`label:Hello`), unless the text is `@FILE`.
const IMAGEMAGICK_TEXT_CODERS: ReadonlySet<string> = new Set(['label', 'caption', 'xc', 'canvas', 'gradient', 'radial-gradient', 'pattern', 'plasma', 'fractal', 'logo', 'rose', 'wizard', 'granite', 'netscape', 'hald', 'msg', 'text', 'pango']);

/**
 * ImageMagick's files: each image named as `FORMAT:file[frames]` or plainly (`gray:.ssh/id_rsa`,
 * `png:../out.png`, `in.png[0]`), `@file` lists and text coders' `@file` (`label:@x` reads x).
 * The last image is the one written (and `ephemeral:f` deletes f); the others are read. Words
 * with no dot, slash or coder are option values (`-resize 50%`), not files.
 */
export function imageMagickRoles(words: readonly string[]): WordRoles {
  const files: { path: string; written: boolean }[] = [];
  const plain: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('-') || w.startsWith('+')) continue;
    const coded = /^([A-Za-z][A-Za-z0-9-]*):(?!\/\/)(.*)$/s.exec(w);
    let path = coded ? coded[2]! : w;
    const coder = coded?.[1]!.toLowerCase();
    if (coder !== undefined && IMAGEMAGICK_TEXT_CODERS.has(coder) && !path.startsWith('@')) {
      plain.push(w);
      continue;
    }
    if (path.startsWith('@')) path = path.slice(1);
    path = path.replace(/\[[^\]]*\]$/, '');
    if (coded === null && !/[./]/.test(path)) continue; // an option's value
    if (path === '' || path === '-') continue;
    if (coded !== null) plain.push(w);
    files.push({ path, written: coder === 'ephemeral' });
  }
  if (files.length > 1 || (files.length === 1 && words[0] === 'mogrify')) files[files.length - 1]!.written = true;
  return { files: files.map((f) => f.path), plain, reads: files.filter((f) => !f.written).map((f) => f.path) };
}
