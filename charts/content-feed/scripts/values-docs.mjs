#!/usr/bin/env node
// The chart's values documentation, generated from values.yaml, where each value is annotated with a
// `## @param <path> <description>` line and grouped by `## @section <title>` lines (the convention of
// Bitnami's readme-generator-for-helm):
//   - README.md: everything from `## Parameters` to the end (one table per section);
//   - values.schema.json: the `description` of every documented value (a component's override takes
//     its `default.*` description), so the schema and the README never disagree.
// The schema's types and constraints stay hand-written; a documented value the schema does not know,
// or a value of values.yaml that no @param documents, is an error.
//   node charts/content-feed/scripts/values-docs.mjs          # write
//   node charts/content-feed/scripts/values-docs.mjs --check  # exit 1 when README or schema are stale
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const CHART = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(CHART, '../../test/package.json'));
const YAML = require('yaml');

const valuesText = readFileSync(path.join(CHART, 'values.yaml'), 'utf8');
const values = YAML.parse(valuesText);
const readmePath = path.join(CHART, 'README.md');
const schemaPath = path.join(CHART, 'values.schema.json');
const readme = readFileSync(readmePath, 'utf8');
const schemaText = readFileSync(schemaPath, 'utf8');
const schema = JSON.parse(schemaText);
const problems = [];

/** @param and @section lines, in order. */
const sections = [];
for (const line of valuesText.split('\n')) {
  const section = /^\s*## @section (.+)$/.exec(line);
  if (section) sections.push({ title: section[1].trim(), params: [] });
  const param = /^\s*## @param (\S+) (.+)$/.exec(line);
  if (param) {
    if (!sections.length) sections.push({ title: 'Parameters', params: [] });
    sections.at(-1).params.push({ path: param[1], description: param[2].trim() });
  }
}
const documented = new Map(sections.flatMap((s) => s.params.map((p) => [p.path, p.description])));

const valueAt = (p) => p.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), values);

function formatDefault(value) {
  if (value === undefined) return '';
  if (value === '' || value === null) return '`""`';
  if (typeof value === 'object') return `\`${YAML.stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim()}\``;
  return `\`${String(value)}\``;
}

// README: the Parameters section, generated.
const tables = sections
  .filter((s) => s.params.length)
  .map((s) => [`### ${s.title}`, '', '| Name | Description | Default |', '|---|---|---|', ...s.params.map((p) => `| \`${p.path}\` | ${p.description} | ${formatDefault(valueAt(p.path))} |`)].join('\n'));
const start = readme.indexOf('## Parameters');
if (start < 0) problems.push('README.md has no "## Parameters" section');
const newReadme = `${readme.slice(0, start)}## Parameters\n\n<!-- parameters: generated from the \`## @param\` lines of values.yaml by scripts/values-docs.mjs; do not edit -->\n${tables.join('\n\n')}\n`;

// Every leaf of values.yaml (or a map/list given as a whole) is documented by a @param of its own or
// of a parent (a component override by its default.*).
function coveredBy(p) {
  const parts = p.split('.');
  for (let i = parts.length; i > 0; i--) {
    const prefix = parts.slice(0, i).join('.');
    if (documented.has(prefix)) return prefix;
    if (parts[0] === 'components' && i > 2 && documented.has(['default', ...parts.slice(2, i)].join('.'))) return prefix;
  }
  return undefined;
}
function walk(node, p) {
  if (node && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length && !documented.has(p)) {
    for (const [k, v] of Object.entries(node)) walk(v, p ? `${p}.${k}` : k);
  } else if (p && !coveredBy(p)) problems.push(`values.yaml: ${p} has no ## @param line`);
}
walk(values, '');

// Schema: the node of a value's path. Nodes behind a $ref are shared by several values (the three
// probes, every component's settings): they carry no description of their own, the referencing node
// does. A key of a free-form map (`env`, `podLabels`) has no node.
function schemaNode(p) {
  let node = schema;
  for (const key of p.split('.')) {
    if (node.$ref) return { shared: true };
    const next = node.properties?.[key];
    if (!next) return { free: node.additionalProperties !== undefined && node.additionalProperties !== false };
    node = next;
  }
  return { node };
}
const stripShared = (node) => {
  for (const child of Object.values(node.properties ?? {})) {
    delete child.description;
    stripShared(child);
  }
};
for (const definition of Object.values(schema.definitions ?? {})) stripShared(definition);
for (const [p, description] of documented) {
  const { node, shared, free } = schemaNode(p);
  if (node) node.description = description.replace(/`/g, '');
  else if (!shared && !free) problems.push(`values.schema.json: ${p} is documented but not in the schema`);
}
// A component's own nodes without a @param take the description of the default.* value.
for (const [name, component] of Object.entries(schema.properties.components?.properties ?? {})) {
  const fill = (node, rel) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const p = `${rel}${key}`;
      const own = documented.get(`components.${name}.${p}`) ?? documented.get(`default.${p}`);
      if (own) child.description = own.replace(/`/g, '');
      if (!child.$ref && child.type === 'object') fill(child, `${p}.`);
    }
  };
  fill(component, '');
}
const newSchema = `${JSON.stringify(schema, null, 2)}\n`;

const check = process.argv.includes('--check');
if (check) {
  if (newReadme !== readme) problems.push('README.md: the Parameters section is stale (run node charts/content-feed/scripts/values-docs.mjs)');
  if (newSchema !== schemaText) problems.push('values.schema.json: descriptions are stale (run node charts/content-feed/scripts/values-docs.mjs)');
} else {
  writeFileSync(readmePath, newReadme);
  writeFileSync(schemaPath, newSchema);
}
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(check ? 'values documentation up to date' : `wrote README.md and values.schema.json (${documented.size} values)`);
