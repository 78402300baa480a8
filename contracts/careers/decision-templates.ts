/**
 * The e-mails a hiring decision offers to send (issue 26). Administrators edit them in the
 * console; these are the first versions, stored by migration 010. A template may use the fields
 * below in double braces; the person sending adds a personal line and presses Send.
 */
export const decisionStatuses = ["interview", "not selected"] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];

/** What a template may name: never free text the candidate typed, bar their first name. */
export const templateFields = ["firstName", "role", "reference"] as const;

export interface DecisionTemplate {
  status: DecisionStatus;
  subject: string;
  body: string;
}

export const firstDecisionTemplates: readonly DecisionTemplate[] = [
  {
    status: "interview",
    subject: "Your application {{reference}}: we would like to meet you",
    body: `Dear {{firstName}},

Thank you for applying for {{role}}. We enjoyed reading your application and would like to invite you to an interview.

{{personalLine}}

Please reply to this e-mail with two or three times that suit you in the next two weeks, and tell us whether you prefer a video call or a visit to our office.

Kind regards,
The Altiva Cloud hiring team`,
  },
  {
    status: "not selected",
    subject: "Your application {{reference}}",
    body: `Dear {{firstName}},

Thank you for applying for {{role}} and for the time you gave it. After careful review we have decided not to take your application further.

{{personalLine}}

We delete your application 12 months after this decision, as our Recruitment Privacy Policy says. You are welcome to apply for any of our open roles at any time.

Kind regards,
The Altiva Cloud hiring team`,
  },
];
