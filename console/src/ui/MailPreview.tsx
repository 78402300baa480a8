/**
 * An e-mail as it will read (or as it was sent): the recipient when known, the subject and the
 * text, framed like a letter. Shared by the decision e-mails, the replies and their templates.
 */
export function MailPreview(props: { labelledBy?: string; to?: string; subject: string; text: string }) {
  const { labelledBy, to, subject, text } = props;
  const words = (
    <>
      {to !== undefined && (
        <p>
          <span className="mail-label">To:</span> {to}
        </p>
      )}
      <p>
        <span className="mail-label">Subject:</span> {subject}
      </p>
      <p className="mail-text">{text}</p>
    </>
  );
  if (!labelledBy) return words;
  return (
    <div className="mail-preview" role="group" aria-labelledby={labelledBy}>
      {words}
    </div>
  );
}
