/**
 * Every refusal the API can answer is translated. The server's code and the shared schemas write
 * refusals in English; this reads them there — what `new AppError`, `badRequest`, `forbidden`,
 * `notFound` and the like are given, a zod check's message, a `message` or `error` option, the
 * constants and small functions those name — and fails on a sentence the `errors` catalogue has
 * no key for, so a new refusal cannot ship in English alone.
 *
 * A sentence with a changing part is read with `{}` there (`A company can have at most {} photos`);
 * words the code picks between (`n === 1 ? 'company' : 'companies'`, a lookup table, a local
 * helper's literal arguments) are read as each sentence they make.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@/server/lib/rate-limits';
import { shippedMessages } from '@/server/modules/i18n/messages';
import { shippedCatalogue, translateEnglish } from '@/server/modules/i18n/translate-english';
import { ENGLISH_SOURCE_AREA, findEnglishSource } from './english-source';
import { LANGUAGE_CODES, SOURCE_LANGUAGE } from './languages';

const root = path.resolve(import.meta.dirname, '../../..');

interface Sentence {
  /** The words, `{}` for each changing part. */
  text: string;
  where: string;
}

/** The keys of a message given in several wordings: the US's "ZIP code" and everyone else's "postal code" (schemas/postal-code.ts). */
const WORDINGS = new Set(['zip', 'postal']);

/** zod's checks whose last argument may be the message. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
]);
/** …and those whose only argument may be. */
const ZOD_ONE_ARGUMENT_CHECKS = new Set([
  'nonempty',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'email',
  'url',
  'uuid',
  'finite',
]);

/** Where refusals are written: the server (not its command-line tools, not the environment's checks) and the shared schemas. */
function refusalSources(): string[] {
  const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');
  const skipped = ['src/server/test', 'src/server/ops', 'src/server/config.ts'].map((part) => path.join(root, part));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (skipped.some((skip) => file === skip || file.startsWith(skip + path.sep))) return [];
      return entry.isDirectory() ? walk(file) : isSource(file) ? [file] : [];
    });
  return [...walk(path.join(root, 'src/server')), ...walk(path.join(root, 'src/shared/schemas'))];
}

type Declared =
  | { kind: 'value'; node: ts.Expression }
  | { kind: 'function'; node: ts.SignatureDeclaration; name: string }
  | { kind: 'parameter'; fn: ts.SignatureDeclaration; index: number }
  | { kind: 'unknown' };

const unwrap = (expression: ts.Expression): ts.Expression => {
  let node = expression;
  while (
    ts.isAsExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  )
    node = node.expression;
  return node;
};
const isWords = (node: ts.Expression): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
const propertyName = (name: ts.PropertyName) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText());
const bindsName = (binding: ts.BindingName, name: string): boolean =>
  ts.isIdentifier(binding)
    ? binding.text === name
    : binding.elements.some((element) => !ts.isOmittedExpression(element) && bindsName(element.name, name));

/** Reads the sentences out of the code. */
function readRefusals(): Sentence[] {
  const parsed = new Map<string, ts.SourceFile | null>();
  const sourceOf = (file: string) => {
    if (!parsed.has(file))
      parsed.set(
        file,
        existsSync(file) ? ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) : null,
      );
    return parsed.get(file) ?? undefined;
  };
  const sentences: Sentence[] = [];
  const whereOf = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${path.relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  // ── what a name stands for: by scope in its file, then through its import ──
  const moduleFile = (from: string, specifier: string) => {
    const base = specifier.startsWith('@/')
      ? path.join(root, 'src', specifier.slice(2))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(from), specifier)
        : null;
    if (!base) return undefined;
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
      (file) => /\.tsx?$/.test(file) && existsSync(file),
    );
  };

  function declaredIn(statements: readonly ts.Statement[], name: string): Declared | undefined {
    for (const statement of statements) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          if (!bindsName(declaration.name, name)) continue;
          if (!ts.isIdentifier(declaration.name) || !declaration.initializer) return { kind: 'unknown' };
          const value = unwrap(declaration.initializer);
          if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return { kind: 'function', node: value, name };
          return { kind: 'value', node: declaration.initializer };
        }
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name)
        return { kind: 'function', node: statement, name };
      if (ts.isClassDeclaration(statement) && statement.name?.text === name) {
        const constructor = statement.members.find(ts.isConstructorDeclaration);
        return constructor ? { kind: 'function', node: constructor, name } : { kind: 'unknown' };
      }
    }
    return undefined;
  }

  function exportedFrom(file: string, name: string, seen: Set<string>): Declared | undefined {
    if (seen.has(file)) return undefined;
    seen.add(file);
    const source = sourceOf(file);
    if (!source) return undefined;
    const here = declaredIn(source.statements, name);
    if (here) return here;
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier))
        continue;
      const target = moduleFile(file, statement.moduleSpecifier.text);
      if (!target) continue;
      if (!statement.exportClause) {
        const there = exportedFrom(target, name, seen);
        if (there) return there;
      } else if (ts.isNamedExports(statement.exportClause)) {
        const element = statement.exportClause.elements.find((candidate) => candidate.name.text === name);
        if (element) return exportedFrom(target, (element.propertyName ?? element.name).text, seen);
      }
    }
    return importedInto(source, name, seen);
  }

  function importedInto(source: ts.SourceFile, name: string, seen = new Set<string>()): Declared | undefined {
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      const element =
        bindings && ts.isNamedImports(bindings) ? bindings.elements.find((candidate) => candidate.name.text === name) : undefined;
      if (!element) continue;
      const target = moduleFile(source.fileName, statement.moduleSpecifier.text);
      return (target && exportedFrom(target, (element.propertyName ?? element.name).text, seen)) || { kind: 'unknown' };
    }
    return undefined;
  }

  function lookup(name: string, at: ts.Node): Declared | undefined {
    for (let node: ts.Node | undefined = at; node; node = node.parent) {
      if (ts.isFunctionLike(node)) {
        const index = node.parameters.findIndex((parameter) => bindsName(parameter.name, name));
        if (index >= 0) return { kind: 'parameter', fn: node, index };
      }
      if (
        ts.isBlock(node) ||
        ts.isSourceFile(node) ||
        ts.isModuleBlock(node) ||
        ts.isCaseClause(node) ||
        ts.isDefaultClause(node)
      ) {
        const here = declaredIn(node.statements, name);
        if (here) return here;
      }
      if (ts.isSourceFile(node)) return importedInto(node, name);
    }
    return undefined;
  }

  /** The calls of a function in its own file, when it has a name: `const time = (which) => …` called as `time('opening')`. */
  function callsOf(fn: ts.SignatureDeclaration): ts.CallExpression[] {
    const name =
      ts.isFunctionDeclaration(fn) && fn.name
        ? fn.name.text
        : fn.parent && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
          ? fn.parent.name.text
          : undefined;
    if (!name) return [];
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(fn.getSourceFile());
    return calls;
  }

  function returnedBy(fn: ts.SignatureDeclaration): ts.Expression[] {
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    if (!body) return [];
    if (!ts.isBlock(body)) return [body];
    const returned: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return returned;
  }

  /** `this.unavailable(…)`: the class's own method. */
  function methodOf(call: ts.CallExpression): ts.MethodDeclaration | undefined {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
    let node: ts.Node | undefined = call;
    while (node && !ts.isClassLike(node)) node = node.parent;
    return node?.members.find(
      (member): member is ts.MethodDeclaration =>
        ts.isMethodDeclaration(member) && propertyName(member.name) === callee.name.text,
    );
  }

  /** The object literals an expression can be (a constant, what a function returns), for `X.name` and `X[key]`. */
  function objectsOf(expression: ts.Expression, depth: number): ts.ObjectLiteralExpression[] {
    const node = unwrap(expression);
    if (depth > 8) return [];
    if (ts.isObjectLiteralExpression(node)) return [node];
    if (ts.isIdentifier(node)) {
      const declared = lookup(node.text, node);
      if (declared?.kind === 'value') return objectsOf(declared.node, depth + 1);
      // A local helper's parameter: the objects its calls give it (`price({ number: '…' })`).
      if (declared?.kind === 'parameter')
        return callsOf(declared.fn).flatMap((call) => {
          const given = call.arguments[declared.index];
          return given ? objectsOf(given, depth + 1) : [];
        });
      return [];
    }
    if (ts.isCallExpression(node)) {
      const fn = ts.isIdentifier(node.expression) ? lookup(node.expression.text, node) : undefined;
      const declaration = fn?.kind === 'function' ? fn.node : methodOf(node);
      return declaration ? returnedBy(declaration).flatMap((returned) => objectsOf(returned, depth + 1)) : [];
    }
    // `IMAGE_LIMITS[side]`: the table's entries.
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
      return objectsOf(node.expression, depth + 1).flatMap((object) =>
        valuesOf(object, name).flatMap((value) => objectsOf(value, depth + 1)),
      );
    }
    return [];
  }

  /** Every value an object literal holds, its spread parts (`...(a && { key: value })`) too. */
  function valuesOf(object: ts.ObjectLiteralExpression, name?: string): ts.Expression[] {
    return object.properties.flatMap((property): ts.Expression[] => {
      if (ts.isPropertyAssignment(property))
        return name === undefined || propertyName(property.name) === name ? [property.initializer] : [];
      if (ts.isSpreadAssignment(property)) {
        let spread = unwrap(property.expression);
        if (ts.isBinaryExpression(spread) && spread.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
          spread = unwrap(spread.right);
        return ts.isObjectLiteralExpression(spread) ? valuesOf(spread, name) : [];
      }
      return [];
    });
  }

  /** Every sentence an expression can say, or null when its words are not in the code (a parameter, a column). */
  function textsOf(expression: ts.Expression, depth = 0): string[] | null {
    const node = unwrap(expression);
    if (depth > 10) return null;
    if (isWords(node)) return [node.text];
    if (node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined')) return [];
    if (ts.isTemplateExpression(node)) {
      let texts = [node.head.text];
      for (const span of node.templateSpans) {
        const parts = partsOf(span.expression, depth);
        texts = texts.flatMap((text) => parts.map((part) => text + part + span.literal.text));
      }
      return texts;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = textsOf(node.left, depth + 1) ?? ['{}'];
      const right = textsOf(node.right, depth + 1) ?? ['{}'];
      return left.flatMap((a) => right.map((b) => a + b));
    }
    if (ts.isConditionalExpression(node)) return either(textsOf(node.whenTrue, depth + 1), textsOf(node.whenFalse, depth + 1));
    // A message in each of its wordings (`{ zip: 'Valid ZIP code is required', postal: 'Valid postal code is required' }`).
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.length > 0 &&
      node.properties.every((property) => ts.isPropertyAssignment(property) && WORDINGS.has(propertyName(property.name)))
    ) {
      const wordings = valuesOf(node).map((value) => textsOf(value, depth + 1));
      return wordings.some((texts) => texts !== null) ? wordings.flatMap((texts) => texts ?? []) : null;
    }
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
    )
      return either(textsOf(node.left, depth + 1), textsOf(node.right, depth + 1));
    // `code && TABLE[code]`: the words are on the right.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      return textsOf(node.right, depth + 1);
    if (ts.isIdentifier(node)) {
      const declared = lookup(node.text, node);
      if (declared?.kind === 'value') return textsOf(declared.node, depth + 1);
      if (declared?.kind === 'parameter') return argumentsTexts(declared.fn, declared.index, depth);
      return null;
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const objects = objectsOf(node.expression, depth + 1);
      if (!objects.length) return null;
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
      const values = objects.flatMap((object) => valuesOf(object, name));
      return values.length ? values.flatMap((value) => textsOf(value, depth + 1) ?? []) : null;
    }
    if (ts.isCallExpression(node)) {
      const fn = ts.isIdentifier(node.expression) ? lookup(node.expression.text, node) : undefined;
      const declaration = fn?.kind === 'function' ? fn.node : methodOf(node);
      if (!declaration) return null;
      const returned = returnedBy(declaration).map((value) => textsOf(value, depth + 1));
      return returned.some((texts) => texts !== null) ? returned.flatMap((texts) => texts ?? []) : null;
    }
    return null;
  }

  /** A parameter's sentences: the literal words its function is called with in its file, when every call gives some. */
  function argumentsTexts(fn: ts.SignatureDeclaration, index: number, depth: number): string[] | null {
    const calls = callsOf(fn);
    if (!calls.length) return null;
    const texts: string[] = [];
    for (const call of calls) {
      const given = call.arguments[index];
      const words = given && textsOf(given, depth + 1);
      if (!words) return null;
      texts.push(...words);
    }
    return texts;
  }

  /** One of two: a side whose words are not in the code (`service ?? 'this service'`) is a changing part. */
  const either = (a: string[] | null, b: string[] | null) =>
    a === null && b === null ? null : [...(a ?? ['{}']), ...(b ?? ['{}'])];

  /**
   * The words a changing part of a template can be. Words chosen right there or from a table stay
   * in the sentence; a part a function makes, or one with a changing part of its own, is a
   * sentence of its own, translated by itself (the rate limiter's "5 minutes"), so it is read as
   * one and stands as `{}`; anything else is `{}`.
   */
  function partsOf(expression: ts.Expression, depth: number): string[] {
    const node = unwrap(expression);
    const words = textsOf(node, depth + 1);
    if (!ts.isCallExpression(node) && words && words.length > 0 && words.every((text) => !text.includes('{}'))) return words;
    for (const text of words ?? []) if (/[A-Za-z]{2}/.test(text)) sentences.push({ text, where: whereOf(node) });
    return ['{}'];
  }

  function read(expression: ts.Expression) {
    // A table's empty entry makes a sentence the code never says ("You cannot report ").
    for (const text of textsOf(expression) ?? [])
      if (text === text.trim() && text !== '{}') sentences.push({ text, where: whereOf(expression) });
  }

  /** A zod `error` option may be a function of the issue: its answers. */
  function readOption(value: ts.Expression) {
    const inner = unwrap(value);
    if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) returnedBy(inner).forEach(read);
    else read(value);
  }

  const messageIndex = (declared: Declared | undefined) =>
    declared?.kind === 'function'
      ? declared.node.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === 'message')
      : -1;
  const isLogCall = (call: ts.CallExpression | ts.NewExpression) =>
    /(^|\.)(log|logger|console)\.\w+$/.test(call.expression.getText());

  for (const file of refusalSources()) {
    // The schemas' `{ message }` objects are their problems; the server's are often its answers.
    const isSchema = file.startsWith(path.join(root, 'src/shared/schemas'));
    const visit = (node: ts.Node) => {
      // A function or class whose parameter is named `message`: AppError, badRequest, forbidden,
      // notFound, the schemas' requiredText…
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
        const index = messageIndex(lookup(node.expression.text, node));
        const given = node.arguments?.[index];
        if (given) read(given);
      }
      // …and what such a parameter says when it is not given (`forbidden()`).
      if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'message' && node.initializer)
        read(node.initializer);
      // zod's checks: `.min(1, 'Name is required')`, `.refine(rule, 'Nothing to update')`.
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const check = node.expression.name.text;
        const last = node.arguments[node.arguments.length - 1];
        if (last && ((ZOD_CHECKS.has(check) && node.arguments.length >= 2) || ZOD_ONE_ARGUMENT_CHECKS.has(check))) {
          const inner = unwrap(last);
          if (!ts.isObjectLiteralExpression(inner) && !ts.isArrowFunction(inner)) read(last);
        }
      }
      // `{ message: … }`, `{ error: … }` given to a call (zod's options, `ctx.addIssue`, a refusal
      // sent as it is), and any `…Message` property (a policy's `notFoundMessage`).
      if (ts.isObjectLiteralExpression(node)) {
        const call = node.parent && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) ? node.parent : null;
        const answersSuccess = node.properties.some(
          (property) =>
            ts.isPropertyAssignment(property) &&
            propertyName(property.name) === 'success' &&
            property.initializer.kind === ts.SyntaxKind.TrueKeyword,
        );
        for (const property of node.properties) {
          if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
          const name = propertyName(property.name);
          const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
          // A schema's field called `message` (`message: z.string()`) is no text.
          const inner = unwrap(value);
          if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) continue;
          if (/.Message$/.test(name)) readOption(value);
          else if ((name === 'message' || name === 'error') && (isSchema || (call && !isLogCall(call))) && !answersSuccess)
            readOption(value);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceOf(file)!);
  }
  return sentences;
}

const MARK = (n: number) => `⟪${n}⟫`;

/** A sentence with its changing parts marked, as a refusal would say it. */
const asSaid = (text: string) => {
  let n = 0;
  return text.replace(/\{\}/g, () => MARK(n++));
};

const spanish = shippedMessages('es');
const english = shippedMessages(SOURCE_LANGUAGE);
const errorKeys = Object.keys(english).filter((key) => key.startsWith(`${ENGLISH_SOURCE_AREA}.`));

/** What is wrong with how the catalogue knows a sentence, or null when it knows it well. */
function problemOf(text: string): string | null {
  const said = asSaid(text);
  const found = findEnglishSource(spanish, said);
  if (!found) return 'no key';
  for (const value of Object.values(found.values)) {
    const marks = value.match(/⟪\d+⟫/g) ?? [];
    // A placeholder spans one changing part, never a changing part and fixed words with it.
    if (marks.length > 0 && value !== marks[0]) return `${found.key} takes "${value}" as one part`;
    // Fixed words a placeholder takes are translated by themselves ("Monday").
    if (marks.length === 0 && /[A-Za-z]{2}/.test(value) && !findEnglishSource(spanish, value))
      return `${found.key}: "${value}" has no translation of its own`;
  }
  return null;
}

describe('the refusals', () => {
  const sentences = readRefusals();
  const rateLimitReasons = [...new Set(Object.values(RATE_LIMITS).map((rule) => rule.message))];

  it('are read out of the code (the reading still finds them)', () => {
    const texts = new Set(sentences.map((sentence) => sentence.text));
    for (const known of [
      'Authentication required',
      'Invalid email or password',
      'Request body is not valid JSON',
      'A company can have at most {} photos',
      '{} Please try again in {}.',
      '{} seconds',
      'Monday: give the opening time as HH:MM (24-hour clock)',
      'This ZIP code is not known: {}',
      'You cannot report your own review',
      'Please enter the lowest price as a number',
      'Valid postal code is required',
      'These postal codes are not known: {}',
    ])
      expect(texts, known).toContain(known);
    expect(texts.size).toBeGreaterThan(300);
  });

  it('each have their translation in the errors catalogue', () => {
    const problems = new Map<string, string>();
    for (const { text, where } of sentences) {
      const problem = problemOf(text);
      if (problem) problems.set(text, `${problem} (${where})`);
    }
    for (const reason of rateLimitReasons) {
      const problem = problemOf(reason);
      if (problem) problems.set(reason, `${problem} (src/server/lib/rate-limits.ts)`);
    }
    // REFUSALS_OUT=file writes what is missing there, for whoever fills the catalogue.
    if (process.env.REFUSALS_OUT) writeFileSync(process.env.REFUSALS_OUT, JSON.stringify(Object.fromEntries(problems), null, 2));
    expect(Object.fromEntries(problems)).toEqual({});
  });

  it('have no English left in their translations', () => {
    for (const language of LANGUAGE_CODES.filter((code) => code !== SOURCE_LANGUAGE)) {
      const translated = shippedMessages(language);
      const untranslated = errorKeys.filter((key) => {
        const source = english[key];
        return JSON.stringify(translated[key]) === JSON.stringify(source) && /[A-Za-z]{3}/.test(key.replace(/\{\w+\}/g, ''));
      });
      expect(untranslated, language).toEqual([]);
    }
  });
});

describe('translateEnglish', () => {
  const say = (language: 'en' | 'es' | 'ar', text: string) => translateEnglish(shippedCatalogue, language, text);

  it('answers English exactly as written, known or not', () => {
    expect(say('en', 'Authentication required')).toBe('Authentication required');
    expect(say('en', 'Something nobody wrote')).toBe('Something nobody wrote');
  });

  it('translates a sentence by its words, and leaves one it does not know as it is', () => {
    expect(say('es', 'Authentication required')).not.toBe('Authentication required');
    expect(say('ar', 'Authentication required')).not.toBe('Authentication required');
    expect(say('es', 'Something nobody wrote')).toBe('Something nobody wrote');
  });

  it('fills a changing part, a count in its plural', () => {
    expect(say('es', 'Insufficient coins: replying costs 1 coins')).toMatch(/\b1 moneda\b/);
    expect(say('es', 'Insufficient coins: replying costs 7 coins')).toMatch(/\b7 monedas\b/);
    expect(say('ar', 'Insufficient coins: replying costs 2 coins')).not.toMatch(/coins/);
  });

  it('translates the sentences a refusal is made of', () => {
    const spanish = say('es', 'Too many sign-ups from this network. Please try again in 5 minutes.');
    expect(spanish).toContain(say('es', 'Too many sign-ups from this network.'));
    expect(spanish).toContain('5 minutos');
    expect(say('es', 'Monday: give the opening time as HH:MM (24-hour clock)')).toMatch(/^lunes/);
  });
});
