/**
 * No code outside the staff roles' table compares a role's name (decision 047): what a person may
 * do is asked of their permissions (`can(staff, permission)`), so a new role is one row of
 * contracts/staff/permissions.ts. This reads every source file's syntax tree and finds a role's
 * name (the table's own names, not a list written here) where code would decide by it: compared
 * (`===`, `!==`, `case`), passed to a call (`only("admin")`, `.includes("hr")`, a query's
 * `where("role", "=", "admin")`), listed (`["admin", "hr"]`, `"admin" | "hr"`), keyed
 * (`{ admin: …, hr: … }`), or given as a role (`role: "sales"`, `<option value="hr">`).
 * Tests and their fixtures name roles to sign people in, and are left out. "marketing" is also a
 * cookie consent category and a column of consent records, so a name compared with a category
 * (`category === "marketing"`) or given to a column (`addColumn("marketing")`) is another word, and
 * so is "admin" among the keys a type picks (`Pick<Config, "admin">`: the console's settings).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { staffRoleNames } from "../contracts/staff/permissions";

const table = "contracts/staff/permissions.ts";
const names = new Set(staffRoleNames());

const equality = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const textOf = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
const keyOf = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** A literal type naming keys of another type (`Pick<Config, "admin" | "mail">`): the config's `admin`, not a role. */
function keysPicked(literal: ts.LiteralTypeNode): boolean {
  const union = ts.isUnionTypeNode(literal.parent) ? literal.parent : literal;
  const reference = union.parent;
  return (
    ts.isTypeReferenceNode(reference) &&
    /^(Pick|Omit)$/.test(reference.typeName.getText()) &&
    reference.typeArguments?.[1] === union
  );
}

/** Where a role's name decides something in this source: "line: how". */
export function roleNameUses(source: string, fileName = "file.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, how: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${how} ${node.getText()}`);

  const visit = (node: ts.Node) => {
    const text = textOf(node);
    if (text !== undefined && names.has(text)) {
      const parent = node.parent;
      if (ts.isBinaryExpression(parent) && equality.has(parent.operatorToken.kind)) {
        const other = parent.left === node ? parent.right : parent.left;
        if (!/categor/i.test(other.getText())) report(node, "compared");
      } else if (ts.isCaseClause(parent)) report(node, "a case of");
      else if (
        (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
        parent.arguments?.includes(node as never)
      ) {
        if (!/\b(addColumn|dropColumn)$/.test(parent.expression.getText())) report(node, "passed to a call:");
      } else if (
        ts.isArrayLiteralExpression(parent) &&
        parent.elements.every((e) => textOf(e) !== undefined && names.has(textOf(e)!))
      )
        report(node, "listed");
      else if (
        ts.isLiteralTypeNode(parent) &&
        (ts.isUnionTypeNode(parent.parent) || ts.isTypeReferenceNode(parent.parent)) &&
        !keysPicked(parent)
      )
        report(node, "listed as a type");
      else if (
        (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) &&
        parent.initializer === node &&
        /role/i.test(parent.name.getText())
      )
        report(node, "given as a role:");
      else if (ts.isJsxAttribute(parent)) report(node, "an attribute's value:");
    }
    if (ts.isObjectLiteralExpression(node)) {
      const keyed = node.properties.filter((p) => p.name && names.has(keyOf(p.name) ?? ""));
      if (keyed.length >= 2) report(node, "keyed by role:");
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The repository's source files, tests and their fixtures left out. */
function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return (
    listed
      .split("\n")
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".d.ts"))
      .filter((f) => /^(app|console|contracts|server|scripts)\//.test(f))
      // Tests and their fixtures name the roles they sign in as, on the server and in the console.
      .filter((f) => !/\.(test|spec)\.tsx?$/.test(f) && !/^(server|console\/src)\/test-support\//.test(f))
      .filter((f) => f !== table && fs.existsSync(f))
  );
}

describe("role names", () => {
  it("are compared, listed or keyed nowhere outside the staff roles' table", () => {
    const files = sourceFiles();
    // The console, the server's routes and the contracts are all read.
    expect(files).toContain("console/src/features/submission/SubmissionPage.tsx");
    expect(files).toContain("server/console/reply-routes.ts");
    expect(files.length).toBeGreaterThan(300);
    const uses = files.flatMap((f) => roleNameUses(fs.readFileSync(f, "utf8"), f).map((u) => `${f}:${u}`));
    expect(uses).toEqual([]);
  });

  it("finds each way code decides by a role's name", () => {
    const [one, two] = staffRoleNames();
    const samples = [
      `if (staff.role !== "${one}") hide();`,
      `switch (role) { case "${two}": break; }`,
      `const hiring = only("${one}", "${two}");`,
      `db.selectFrom("staff").where("role", "=", "${one}");`,
      `const everyone: Role[] = ["${one}", "${two}"];`,
      `type Hiring = "${one}" | "${two}";`,
      `type Seen = Exclude<Role, "${one}">;`,
      `const names = { ${one}: "A", ${two}: "B" };`,
      `const draft = { role: "${two}" };`,
      `const x = <option value="${one}">A</option>;`,
    ];
    for (const sample of samples) expect(roleNameUses(sample).length, sample).toBeGreaterThan(0);
  });

  it("leaves the same words alone where they are not a role: the console's path, other lists, prose", () => {
    const [one] = staffRoleNames();
    const samples = [
      `const url = "/${one}/api/me";`,
      `const tags = ["b", "${one}", "i"];`,
      `// staff.role === "${one}" in a comment`,
      `const label = "Role: ${one}";`,
      `const segment = "${one}";`,
      `if (category === "${one}") allow();`,
      `db.schema.createTable("t").addColumn("${one}", "integer");`,
      `type Deps = { config: Pick<Config, "zone" | "${one}"> };`,
    ];
    for (const sample of samples) expect(roleNameUses(sample), sample).toEqual([]);
  });
});
