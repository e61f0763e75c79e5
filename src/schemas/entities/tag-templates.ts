/**
 * A project's tag templates (field guide §1): `{area}-{type}-{seq}{suffix}` for equipment,
 * `{area}-{letters}-{loop}{suffix}` for instruments, `{from}-{type}-{seq}` for cables. A new tag is
 * checked against its template; a mismatch is a warning the user may accept, never an error (projects
 * inherit tags from older plants). Pure: the server's save hook and any screen read it alike.
 */

/** What a placeholder stands for: the row's own value where it has one, else the shape such values take. */
export type TemplateValues = {
  area?: string | null;
  type?: string | null;
  letters?: string | null;
  loop?: string | null;
  from?: string | null;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SHAPES: Record<string, (values: TemplateValues) => string> = {
  area: (v) => (v.area ? escape(v.area) : '[A-Z0-9]+'),
  type: (v) => (v.type ? escape(v.type) : '[A-Z]{1,4}'),
  letters: (v) => (v.letters ? escape(v.letters.toUpperCase()) : '[A-Z]{2,6}'),
  loop: (v) => (v.loop ? escape(v.loop) : '\\d{2,5}'),
  from: (v) => (v.from ? escape(v.from) : '.+'),
  seq: () => '\\d{2,4}',
  suffix: () => '[A-Z]?',
};

/** The template as a whole-tag pattern; an unknown placeholder matches anything (the template stays usable). */
export function templatePattern(template: string, values: TemplateValues): RegExp {
  let pattern = '';
  let rest = template;
  for (let match = /\{(\w+)\}/.exec(rest); match; match = /\{(\w+)\}/.exec(rest)) {
    pattern += escape(rest.slice(0, match.index));
    const shape = SHAPES[match[1] as string];
    pattern += shape ? `(?:${shape(values)})` : '.+';
    rest = rest.slice(match.index + match[0].length);
  }
  return new RegExp(`^${pattern}${escape(rest)}$`);
}

/**
 * Compiled patterns by template and values: an import of 10,000 tags meets a handful of areas and letter
 * combinations, and compiling a pattern per row was a fifth of its checking time.
 */
const compiled = new Map<string, RegExp>();
const COMPILED_KEPT = 2_000;

function cachedPattern(template: string, values: TemplateValues): RegExp {
  const key = [template, values.area, values.type, values.letters, values.loop, values.from].join('\u0000');
  let pattern = compiled.get(key);
  if (!pattern) {
    if (compiled.size >= COMPILED_KEPT) compiled.clear();
    pattern = templatePattern(template, values);
    compiled.set(key, pattern);
  }
  return pattern;
}

/** The warning for a tag off its template, or null when it follows it (or no template is set). */
export function tagTemplateWarning(
  tag: string,
  template: string | null | undefined,
  values: TemplateValues,
): string | null {
  if (!template || !template.trim() || !tag) return null;
  if (cachedPattern(template.trim(), values).test(tag)) return null;
  return `${tag} does not follow the project's template ${template.trim()}: save again to keep it`;
}
