const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const [file, ...pos] = process.argv.slice(2);
const map = JSON.parse(fs.readFileSync('apps/web/dist/assets/' + file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
for (const p of pos) { const [l, col] = p.split(':').map(Number); const o = c.originalPositionFor({ line: l + 1, column: col }); console.log(p, o.source && o.source.replace(/^.*node_modules\//, ''), o.line, o.name); }
