import {readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Finds the English a module would show or send a visitor that does not come from the content: JSX
 * text, strings in visible attributes and props (alt, aria-label, title, heading, label, …), page
 * titles and descriptions, and sentences in code, whole or built around values (`Hi ${name}, …`).
 * Used by visitor-copy.test.ts against app/, components/ and lib/; `findVisitorText` scans any
 * source text, so a test can show what it finds in a changed file.
 */
export type Finding = {file: string; line: number; text: string}

/** Attributes and props whose string a visitor reads or hears. */
const VISIBLE_PROPS = new Set([
  'alt', 'title', 'aria-label', 'aria-description', 'aria-roledescription', 'placeholder', 'label', 'legend', 'heading',
  'intro', 'text', 'description', 'message', 'caption', 'buttonLabel', 'ctaLabel', 'submitLabel', 'submittingLabel',
  'summary', 'subtitle', 'eyebrow', 'hint', 'help', 'helpText', 'emptyText', 'note', 'tagline', 'headline',
])

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text)

/** Attributes and props that carry code, not words: their strings are never copy. */
const CODE_PROPS = new Set([
  'className', 'href', 'id', 'rel', 'target', 'sizes', 'type', 'role', 'name', 'key', 'htmlFor', 'src', 'srcSet', 'method',
  'action', 'lang', 'autoComplete', 'inputMode', 'pattern', 'variant', 'tone', 'size', 'width', 'align', 'as', 'mode',
  'loading', 'fetchPriority', 'decoding', 'referrerPolicy', 'sandbox', 'allow', 'style', 'dateTime', 'form', 'current',
  'fallback', 'fontFamily', 'adjustFontFallback',
  // Answers to machines and reasons for the log (a webhook's {error}, a mismatch's reason).
  'error', 'reason',
])

/** A sentence someone reads: several words, or words ending in punctuation. */
const looksLikeProse = (text: string) => {
  // Markup, CSS, headers and paths are code.
  if (/[<>{};=#\\|]|\d(px|rem|em|ms|s)\b|^\s*-/.test(text)) return false
  // Media queries ('not all and (min-width: 48rem)') are code.
  if (/^(not |only )?(all|screen|print)\b/.test(text.trim())) return false
  const words = text.trim().split(/\s+/).filter((word) => /^[A-Za-z’'(),.!?:&–—-]*[A-Za-z]{2,}[A-Za-z’'(),.!?:&–—-]*$/.test(word))
  return words.length >= 3 || (words.length >= 1 && /^[A-Z][a-z]/.test(text.trim()) && /[.!?]$/.test(text.trim()))
}

/** Where a string literal sits in code that is not shown: imports, types, logs, errors, object keys, code props. */
function isCodeString(node: ts.Node, sf: ts.SourceFile): boolean {
  const parent = node.parent
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true
  if (ts.isLiteralTypeNode(parent) || ts.isExpressionStatement(parent) || ts.isElementAccessExpression(parent)) return true
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true
  // The property or variable a string goes to, through lists and conditions: {error: ok ? 'a' : 'b'}.
  let property: ts.Node = parent
  while (ts.isArrayLiteralExpression(property) || ts.isConditionalExpression(property) || ts.isParenthesizedExpression(property)) property = property.parent
  if (ts.isPropertyAssignment(property) && CODE_PROPS.has(property.name.getText(sf))) return true
  if (ts.isVariableDeclaration(property) && CODE_PROPS.has(property.name.getText(sf))) return true
  if (ts.isJsxAttribute(parent) && CODE_PROPS.has(parent.name.getText(sf))) return true
  if (ts.isCaseClause(parent) || ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)) return true
  for (let up: ts.Node | undefined = parent; up; up = up.parent) {
    // Logs (console.error, logger.warn) and thrown errors are read by the operator, not a visitor.
    if (ts.isCallExpression(up) && /^console\.|^Error$|\.(error|warn|info|log|debug)$/.test(up.expression.getText(sf))) return true
    if (ts.isThrowStatement(up)) return true
    if (ts.isNewExpression(up) && /Error$/.test(up.expression.getText(sf))) return true
    if (ts.isCallExpression(up) && /^(defineQuery|getComputedStyle|matchMedia|querySelector|useDisclosure)/.test(up.expression.getText(sf))) return true
    if (ts.isJsxAttribute(up) || ts.isStatement(up)) break
  }
  return false
}

export function findVisitorText(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const findings: Finding[] = []
  const add = (node: ts.Node, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim()
    if (hasWords(clean)) findings.push({file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: clean})
  }
  const isString = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
  /** The string parts of an expression a prop receives: 'a', cond ? 'a' : 'b', `a ${x} b`, 'a' + x. */
  const strings = (node: ts.Node): {node: ts.Node; text: string}[] => {
    if (isString(node)) return [{node, text: node.text}]
    if (ts.isTemplateExpression(node)) return [{node, text: [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')}]
    if (ts.isConditionalExpression(node)) return [...strings(node.whenTrue), ...strings(node.whenFalse)]
    if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.PlusToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
      return [...strings(node.left), ...strings(node.right)]
    if (ts.isParenthesizedExpression(node)) return strings(node.expression)
    return []
  }
  const reported = new Set<ts.Node>()
  const addOnce = (node: ts.Node, text: string) => {
    if (!reported.has(node)) {
      reported.add(node)
      add(node, text)
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text)
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && looksLikeProse(node.text) && !isCodeString(node, sf)) addOnce(node, node.text)
    else if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent)) {
      // A sentence built around values (`Hi ${name}, your booking is moved.`): its words are copy.
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ')
      if (looksLikeProse(text.replaceAll('…', ' ')) && !isCodeString(node, sf)) addOnce(node, text)
    }
    else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(sf)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer
      if (value) for (const part of strings(value)) addOnce(part.node, part.text)
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const part of strings(node.expression)) addOnce(part.node, part.text)
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPS.has(node.name.getText(sf).replace(/['"]/g, ''))) {
      for (const part of strings(node.initializer)) addOnce(part.node, part.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return findings
}

/** Source files under these folders (tests, type declarations and test-support/ helpers left out). */
export function sourceFiles(root: string, folders: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'test-support' ? [] : walk(full)
      return /\.tsx?$/.test(entry.name) && !/\.(test|spec|d)\.tsx?$/.test(entry.name) ? [full] : []
    })
  return folders.flatMap((folder) => walk(path.join(root, folder)))
}

export function scan(root: string, folders: string[]): Finding[] {
  return sourceFiles(root, folders).flatMap((file) => findVisitorText(path.relative(root, file), readFileSync(file, 'utf8')))
}
