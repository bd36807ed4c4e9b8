// Fills German texts into locales/de/messages.po from a JSON object { "English msgid": "Deutsch" }.
// A key "context|msgid" targets one context only. Only empty msgstr entries are filled.
// Usage: node scripts/fill-translations.mjs translations.json
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'locales/de/messages.po';
const translations = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const unquote = (line) => JSON.parse(line.slice(line.indexOf(' ') + 1));
const quote = (text) => JSON.stringify(text);

let filled = 0;
const entries = readFileSync(file, 'utf8')
  .split('\n\n')
  .map((entry) => {
    const lines = entry.split('\n');
    const idLine = lines.findIndex((line) => line.startsWith('msgid '));
    const strLine = lines.findIndex((line) => line.startsWith('msgstr '));
    if (
      idLine < 0 ||
      strLine < 0 ||
      lines[strLine] !== 'msgstr ""' ||
      lines[strLine + 1]?.startsWith('"')
    ) {
      return entry;
    }
    // msgid may continue over several quoted lines.
    let id = unquote(lines[idLine]);
    for (let i = idLine + 1; i < strLine && lines[i].startsWith('"'); i++)
      id += JSON.parse(lines[i]);
    if (id === '') return entry;
    const contextLine = lines.find((line) => line.startsWith('msgctxt '));
    const context = contextLine ? unquote(contextLine) : null;
    const text = (context && translations[`${context}|${id}`]) ?? translations[id];
    if (typeof text !== 'string') return entry;
    lines[strLine] = `msgstr ${quote(text)}`;
    filled++;
    return lines.join('\n');
  });
writeFileSync(file, entries.join('\n\n'));
console.log(`filled ${filled} German text(s)`);
