/**
 * The stylesheet conventions, checked by styles.test.ts over every client stylesheet:
 * - no colour literal (#hex, rgb(), hsl(), a named colour) outside tokens.css;
 * - no selector defined twice (each selector of a list counts; @media and the like are part of it);
 * - a component's @media rules live with it: a class styled inside @media belongs to a block
 *   (`news-card` of `.news-card__body`) styled outside @media in the same file.
 */

const TOKENS_FILE = 'tokens.css';

// The CSS named colours (CSS Color 4), less the keywords that are not colours of their own.
const NAMED_COLOURS = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen
lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen
linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy
oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip
peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/);

const COLOUR_LITERAL = new RegExp(
  `#[0-9a-f]{3,8}\\b|\\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(|(?<![\\w-])(?:${NAMED_COLOURS.join('|')})(?![\\w-])`,
  'i',
);

interface Rule {
  file: string;
  selector: string;
  context: string[];
}

/** Splits at the commas that are not inside parentheses. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** The rules of one stylesheet, and the colour literals in its declarations. */
function parse(file: string, css: string): { rules: Rule[]; colours: string[] } {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const colours: string[] = [];
  // What each open brace opened: an at-rule (its prelude), a rule, or keyframes.
  const stack: { kind: 'at' | 'rule' | 'keyframes'; prelude: string }[] = [];
  let buffer = '';
  const declaration = (raw: string) => {
    const colon = raw.indexOf(':');
    if (colon < 0) return;
    const value = raw.slice(colon + 1).replace(/var\([^)]*\)/g, '');
    const found = COLOUR_LITERAL.exec(value);
    if (found) colours.push(`${file}: ${raw.trim().replace(/\s+/g, ' ')} (${found[0]})`);
  };
  for (const char of text) {
    if (char === '{') {
      const prelude = buffer.trim().replace(/\s+/g, ' ');
      buffer = '';
      const inKeyframes = stack.some((entry) => entry.kind === 'keyframes');
      if (prelude.startsWith('@keyframes')) {
        rules.push({ file, selector: prelude, context: [] });
        stack.push({ kind: 'keyframes', prelude });
      } else if (prelude.startsWith('@')) {
        stack.push({ kind: 'at', prelude });
      } else {
        const context = stack.filter((entry) => entry.kind === 'at').map((entry) => entry.prelude);
        if (!inKeyframes) for (const selector of splitList(prelude)) rules.push({ file, selector, context });
        stack.push({ kind: 'rule', prelude });
      }
    } else if (char === '}') {
      if (stack.at(-1)?.kind === 'rule') declaration(buffer);
      buffer = '';
      stack.pop();
    } else if (char === ';') {
      if (stack.at(-1)?.kind === 'rule') declaration(buffer);
      buffer = '';
    } else buffer += char;
  }
  return { rules, colours };
}

/** The block of a BEM class: `news-card` of `news-card__body` and `news-card--wide`. */
function block(className: string): string {
  return className.split(/__|--/)[0];
}

/** Every breach of the conventions in these stylesheets (file name → text), as messages. */
export function checkStyles(files: Record<string, string>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [file, css] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const { rules, colours } = parse(file, css);
    if (!file.endsWith(TOKENS_FILE)) for (const colour of colours) problems.push(`colour literal outside ${TOKENS_FILE}: ${colour}`);

    for (const rule of rules) {
      const key = [...rule.context, rule.selector].join(' » ');
      const first = seen.get(key);
      if (first) problems.push(`selector defined twice: ${key} (${first} and ${file})`);
      else seen.set(key, file);
    }

    const styledOutsideMedia = new Set(
      rules
        .filter((rule) => rule.context.length === 0)
        .flatMap((rule) => (rule.selector.match(/\.[\w-]+/g) ?? []).map((c) => block(c.slice(1)))),
    );
    for (const rule of rules.filter((r) => r.context.some((prelude) => prelude.startsWith('@media')))) {
      for (const className of rule.selector.match(/\.[\w-]+/g) ?? []) {
        if (!styledOutsideMedia.has(block(className.slice(1)))) {
          problems.push(
            `@media rule away from its component: ${rule.selector} in ${file} (no rule for .${block(className.slice(1))} there)`,
          );
        }
      }
    }
  }
  return problems;
}
