/**
 * The pure parts of conversations (decision 058): the reply's subject, the quote, the quoted tail
 * cut from an answer, the token read from a recipient, and a reply's From with a hostile name.
 */
import { describe, expect, it } from "vitest";
import { quoteOriginal, replySubject } from "../../contracts/replies";
import { tokenIn } from "../replies/inbound";
import { parseInbound, withoutQuotedTail } from "./inbound-parse";
import { replyMail, sender } from "./reply-mail";

describe("conversation parts", () => {
  it("writes the subject as Re: and the thread's, once, on one line", () => {
    expect(replySubject("We received your enquiry")).toBe("Re: We received your enquiry");
    expect(replySubject("RE: Re:  AW: We received\r\nyour enquiry")).toBe("Re: We received your enquiry");
  });

  it("quotes the original under its author and time, and nothing when it is empty", () => {
    expect(quoteOriginal({ who: "Nora\nNorth", when: "24 November 2026 at 10:00 UTC", text: "One\r\n\r\nTwo" })).toBe(
      "On 24 November 2026 at 10:00 UTC, Nora North wrote:\n> One\n>\n> Two",
    );
    expect(quoteOriginal({ who: "Nora", when: "today", text: " \n " })).toBe("");
  });

  it("cuts the quoted tail and its 'wrote:' line from an answer, and keeps a quote-only answer", () => {
    expect(withoutQuotedTail("Yes, Tuesday.\n\nOn Mon, Sasha wrote:\n> Would Tuesday suit?\n>\n")).toBe(
      "Yes, Tuesday.",
    );
    expect(withoutQuotedTail("> only a quote")).toBe("> only a quote");
    expect(withoutQuotedTail("> inline\nmy answer")).toBe("> inline\nmy answer");
  });

  it("reads the token of reply+<token>@domain only at the inbound address's own local part and domain", () => {
    const inbound = "reply@altivacloud.com";
    expect(tokenIn(["hello@altivacloud.com", "reply+abc123@altivacloud.com"], inbound)).toBe("abc123");
    expect(tokenIn(["reply+abc123@altivacloud.com.evil.example"], inbound)).toBeUndefined();
    expect(tokenIn(["other+abc123@altivacloud.com", "reply@altivacloud.com"], inbound)).toBeUndefined();
    expect(tokenIn(["reply+a+b@altivacloud.com"], inbound)).toBeUndefined();
  });

  it("drops control and bidi characters from an answer but keeps its lines", async () => {
    const raw =
      "From: a@example.com\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nfirst\u202eline\u0007\r\nsecond\r\n";
    expect((await parseInbound(raw)).text).toBe("firstline\nsecond");
  });

  it("names the person in From without letting their name add a header", () => {
    expect(sender("Altiva Cloud <no-reply@altivacloud.com>")).toEqual({
      company: "Altiva Cloud",
      address: "no-reply@altivacloud.com",
    });
    const mail = replyMail(
      {
        subject: "Re: x",
        body: "Hi",
        quote: null,
        in_reply_to: null,
        thread_references: null,
        staff_name: "Eve\r\nBcc: x@evil.test <eve@evil.test>",
        token: null,
      },
      {
        from: "Altiva Cloud <no-reply@altivacloud.com>",
        teamInbox: "hello@altivacloud.com",
        to: "n@example.com",
        messageId: "<m@x>",
      },
    );
    expect(mail.from).toEqual({ name: "Eve Bcc: x@evil.test at Altiva Cloud", address: "no-reply@altivacloud.com" });
  });
});
