// Fills German texts into the German catalogs (locales/de/*.po).
//   node scripts/fill-translations.mjs translations.json   – { "English msgid": "Deutsch" }; a key
//                                                           "context|msgid" targets one context.
//   node scripts/fill-translations.mjs                     – only copies texts between catalogs.
// Only empty msgstr entries are filled. A text known in one German catalog fills the same
// message in the others (the shell catalog repeats part of the full one).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const files = readdirSync('locales/de')
  .filter((name) => name.endsWith('.po'))
  .map((name) => `locales/de/${name}`);
const given = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : {};
const unquote = (line) => JSON.parse(line.slice(line.indexOf(' ') + 1));

function parse(entry) {
  const lines = entry.split('\n');
  const idLine = lines.findIndex((line) => line.startsWith('msgid '));
  const strLine = lines.findIndex((line) => line.startsWith('msgstr '));
  if (idLine < 0 || strLine < 0) return null;
  // msgid and msgstr may continue over several quoted lines.
  let id = unquote(lines[idLine]);
  for (let i = idLine + 1; i < strLine && lines[i].startsWith('"'); i++) id += JSON.parse(lines[i]);
  let text = unquote(lines[strLine]);
  for (let i = strLine + 1; i < lines.length && lines[i].startsWith('"'); i++)
    text += JSON.parse(lines[i]);
  const contextLine = lines.find((line) => line.startsWith('msgctxt '));
  const context = contextLine ? unquote(contextLine) : null;
  return { lines, strLine, id, text, context, key: context ? `${context}|${id}` : id };
}

// What every catalog already knows, so catalogs fill each other.
const known = {};
for (const file of files) {
  for (const entry of readFileSync(file, 'utf8').split('\n\n')) {
    const parsed = parse(entry);
    if (parsed && parsed.id && parsed.text) known[parsed.key] = parsed.text;
  }
}

let filled = 0;
for (const file of files) {
  const entries = readFileSync(file, 'utf8')
    .split('\n\n')
    .map((entry) => {
      const parsed = parse(entry);
      if (!parsed || !parsed.id || parsed.text) return entry;
      const text =
        given[parsed.key] ?? (parsed.context ? undefined : given[parsed.id]) ?? known[parsed.key];
      if (typeof text !== 'string') return entry;
      const lines = parsed.lines.filter(
        (line, index) => !(index > parsed.strLine && line.startsWith('"')),
      );
      lines[parsed.strLine] = `msgstr ${JSON.stringify(text)}`;
      filled++;
      return lines.join('\n');
    });
  writeFileSync(file, entries.join('\n\n'));
}
console.log(`filled ${filled} German text(s) in ${files.join(', ')}`);
