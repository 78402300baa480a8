/**
 * Where a form's field list is written out: the files, outside the form definitions, with a list
 * in their code (an object, an array, a type, a union, a destructuring, a JSX tree) that names
 * three or more fields of one form. A field is named by its request key, its column or its former
 * key appearing in code as a string, an object key, a property read (`row.first_name`) or a
 * destructured name; comments, prose and variable names do not count. Tests, migrations and
 * the harnesses that post realistic submissions (benchmarks, screenshots, test support) are left
 * out: they spell out fields on purpose. See docs/decisions/030-one-definition-per-form.md.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import ts from "typescript";
import { formDefinitions, type FormDefinition } from "../contracts/forms/index";

const leftOut = [
  /\.test\.tsx?$/,
  /\.spec\.ts$/,
  /^tests\//,
  /^server\/test-support\//,
  /^server\/db\/migrations\//,
  /^contracts\/forms\//,
  /^scripts\/bench-/,
  /^scripts\/screenshots\.ts$/,
];

/** The names by which each field of a form can be written in code. */
export function fieldNames(form: FormDefinition): Map<string, string> {
  const names = new Map<string, string>();
  for (const field of form.fields) {
    names.set(field.name, field.name);
    if ("column" in field) names.set(field.column, field.name);
    if ("formerName" in field && field.formerName) names.set(field.formerName, field.name);
  }
  return names;
}

/** A node that lists things: an object or array, a type's members, a union, a destructuring, a JSX tree. */
function isList(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) ||
    ts.isArrayLiteralExpression(node) ||
    ts.isTypeLiteralNode(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isUnionTypeNode(node) ||
    ts.isObjectBindingPattern(node) ||
    ts.isJsxElement(node) ||
    ts.isJsxFragment(node) ||
    ts.isJsxSelfClosingElement(node)
  );
}

/** A name in code: a string, an object key, a property read or a destructured name. */
function nameOf(node: ts.Node, file: ts.SourceFile): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) && !ts.isComputedPropertyName(node.name))
    return node.name.getText(file).replace(/^["']|["']$/g, "");
  if (ts.isShorthandPropertyAssignment(node)) return node.name.text;
  if (ts.isBindingElement(node)) return (node.propertyName ?? node.name).getText(file);
  return undefined;
}

/**
 * The names in code of each outermost list of a source file: a list is where a field list would
 * be written (a column list, a payload, a table of labels, a form's JSX), so names that merely
 * share a file (an error's `message`, a refusal's `reason`) are not counted together.
 */
export function namesInLists(fileName: string, source: string): Set<string>[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const lists: Set<string>[] = [];
  const collect = (node: ts.Node, into: Set<string>) => {
    const name = nameOf(node, file);
    if (name !== undefined) into.add(name);
    ts.forEachChild(node, (child) => collect(child, into));
  };
  const visit = (node: ts.Node) => {
    if (isList(node)) {
      const names = new Set<string>();
      collect(node, names);
      lists.push(names);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lists;
}

export interface FieldList {
  file: string;
  kind: string;
  fields: string[];
}

/** The fields of each form that one list of a source file names, where one names three or more. */
export function fieldListsIn(fileName: string, source: string, forms: Record<string, FormDefinition>): FieldList[] {
  const found: FieldList[] = [];
  for (const [kind, form] of Object.entries(forms)) {
    const known = fieldNames(form);
    let most: string[] = [];
    for (const names of namesInLists(fileName, source)) {
      const fields = [...new Set([...names].flatMap((name) => (known.has(name) ? [known.get(name)!] : [])))];
      if (fields.length > most.length) most = fields;
    }
    if (most.length >= 3) found.push({ file: fileName, kind, fields: most });
  }
  return found;
}

/** Every file of the repository that writes out a form's field list. */
export function fieldListsInRepository(forms: Record<string, FormDefinition> = formDefinitions): FieldList[] {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { encoding: "utf8" }).split("\n").filter(Boolean);
  return files
    .filter((f) => !leftOut.some((pattern) => pattern.test(f)) && fs.existsSync(f))
    .flatMap((f) => fieldListsIn(f, fs.readFileSync(f, "utf8"), forms));
}
