/**
 * The e-mails a hiring decision offers to send (issue 26; offer and hire from issue 44). HR and
 * administrators edit them in the console; these are the first versions, stored by migration 010
 * (interview, not selected) and 030 (offer, hired). A template may use the fields below in double
 * braces; the person sending adds a personal line and presses Send.
 */
export const decisionStatuses = ["interview", "offer", "not selected", "hired"] as const;
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

/** The templates issue 44 added with the offer stage (migration 030 stores them). */
export const offerAndHireTemplates: readonly DecisionTemplate[] = [
  {
    status: "offer",
    subject: "Your application {{reference}}: an offer for {{role}}",
    body: `Dear {{firstName}},

Thank you for the time you spent with us. We are delighted to offer you the position of {{role}} at Altiva Cloud.

{{personalLine}}

Your written offer, with the salary, the start date and the contract, follows from our HR team within two working days. Please reply to this e-mail with any questions; we are happy to talk it through by phone.

Kind regards,
The Altiva Cloud hiring team`,
  },
  {
    status: "hired",
    subject: "Welcome to Altiva Cloud, {{firstName}}",
    body: `Dear {{firstName}},

Thank you for accepting our offer for {{role}}. We are very glad you are joining us.

{{personalLine}}

Before your first day you will receive your equipment details and the name of the colleague who will guide you through your first weeks. If anything changes on your side, reply to this e-mail.

Kind regards,
The Altiva Cloud hiring team`,
  },
];
