/**
 * A person's signature (issue 44, decision 073): their own sign-off, plain text, which their
 * replies and decision e-mails append below the words, after the usual "-- " line that mail
 * programs recognise and fold away when quoting.
 */

export const signatureLimits = { characters: 500, lines: 8 } as const;

/** The signature as kept: line ends as "\n", spaces at line ends and blank lines around it gone. */
export function normalSignature(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/^\n+|\s+$/g, "");
}

/** Why a signature cannot be kept, in words for its owner; undefined when it can. */
export function signatureProblem(text: string): string | undefined {
  const normal = normalSignature(text);
  if ([...normal].length > signatureLimits.characters)
    return `Keep your signature to ${signatureLimits.characters} characters.`;
  if (normal.split("\n").length > signatureLimits.lines)
    return `Keep your signature to ${signatureLimits.lines} lines.`;
  // Tabs and line ends are text; other control and direction characters could hide words.
  const hidden = [...normal].some((c) => {
    const code = c.codePointAt(0)!;
    return (
      (code < 0x20 && c !== "\n" && c !== "\t") ||
      code === 0x7f ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });
  if (hidden) return "Use plain text for your signature.";
  return undefined;
}

/** The words with the signature below them, or the words alone when there is none. */
export function signed(text: string, signature: string | null | undefined): string {
  if (!signature) return text;
  return `${text.replace(/\s+$/, "")}\n\n-- \n${signature}\n`;
}
