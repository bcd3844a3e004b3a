import { Typography } from 'antd';
import { InfoArticle } from '../InfoArticle.tsx';
import { WriteToUs } from '../WriteToUs.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';

const { Title, Paragraph, Text } = Typography;

/** Change this date whenever the policy below changes. */
const LAST_UPDATED = '23 November 2026';

/** What Better+ collects, why, how long it keeps it and what users can do about it. Typography (an <article>) styles the text and lists. */
export function PrivacyPage() {
  return (
    <InfoArticle title="Privacy Policy" intro={`Last updated: ${LAST_UPDATED}`}>
      <Paragraph>
        This policy says what Better+ collects about you, why, how long we keep it and what you can do about it. In short: we collect what we need to run your
        account and answer your questions, we do not show you advertising, and we do not sell your data.
      </Paragraph>

      <WhatWeCollect />
      <WhyAndWho />
      <KeepingAndRights />
    </InfoArticle>
  );
}

/** What is collected, in the account, the chats, payments, messages, page views and requests, and what the browser keeps. */
function WhatWeCollect() {
  return (
    <>
      <Title level={2}>What we collect</Title>
      <ul>
        <li>
          <Text strong>Your account.</Text> Your name and email address. If you sign up with a password, we store only a one-way hash of it (argon2id), never
          the password itself. If you sign in with Google, Google tells us your name, your email address and that it is verified, and we keep the Google account
          identifier that lets us recognise you next time.
        </li>
        <li>
          <Text strong>Your chats.</Text> The questions you ask, the answers you receive with their sources, and how many queries you have used in each period.
        </li>
        <li>
          <Text strong>Payments.</Text> Premium is paid through Razorpay. You enter your card, UPI or bank details on Razorpay’s checkout, and they never reach
          us. We receive and keep the references Razorpay gives us (subscription and payment identifiers, status, amount and dates) and the invoices we issue to
          you.
        </li>
        <li>
          <Text strong>Messages to us.</Text> What you send through the contact form: your name, email address, subject and message.
        </li>
        <li>
          <Text strong>Page views.</Text> First-party analytics: which pages of Better+ are visited and when, and counts of actions such as sending a chat
          message (with its length, not its text). They are recorded by our own servers, not by advertising or third-party tracking services.
        </li>
        <li>
          <Text strong>Technical data.</Text> The network (IP) address your requests come from and the time of each request, which we use to limit repeated
          sign-in attempts, to stop abuse and to fix faults.
        </li>
      </ul>
      <Paragraph>
        In your browser, Better+ keeps your sign-in token in local storage, and keeps a question you chose before signing in and your place in the sign-up steps
        in session storage, which your browser clears when you close the tab. During sign-up a cookie ties the emailed code to your browser. We use no
        advertising cookies.
      </Paragraph>
    </>
  );
}

/** Why it is used, and who else handles it. */
function WhyAndWho() {
  return (
    <>
      <Title level={2}>Why we use it</Title>
      <ul>
        <li>To create your account, sign you in and keep it secure.</li>
        <li>To answer your questions, show you your chat history and count queries against your plan’s monthly allowance.</li>
        <li>To take payments, keep your subscription running and issue invoices.</li>
        <li>To send you the emails the service needs: sign-up codes, password reset links, and notices about your account and subscription.</li>
        <li>To reply to your messages.</li>
        <li>To see which pages and features are used, so that we can improve Better+ and its archive.</li>
      </ul>
      <Title level={2}>Who else handles it</Title>
      <Paragraph>
        We do not sell or rent your personal data, and we do not share it for advertising. A few services handle parts of it on our behalf, only to run Better+:
        Razorpay processes payments; our email provider delivers the emails we send you; Google signs you in if you choose Google sign-in; and when an AI
        language model writes an answer, your question and the archive entries that match it are sent to the model provider we use, without your name or email
        address. We also disclose data when Indian law requires us to.
      </Paragraph>
    </>
  );
}

/** How long it is kept, the user's choices and rights, changes, and whom to ask. */
function KeepingAndRights() {
  return (
    <>
      <Title level={2}>How long we keep it</Title>
      <ul>
        <li>Your account details: as long as you have an account.</li>
        <li>Your chat history: until you clear it or your account is deleted.</li>
        <li>Payment references and invoices: as long as Indian tax and accounting law requires us to keep them, which can be longer than your account.</li>
        <li>Sign-up codes and password reset links: stored only in hashed form; they expire within minutes and cannot be used twice.</li>
        <li>Messages to us: as long as we need them to answer you and to follow up.</li>
        <li>Page-view records and technical logs: only as long as we need them for the purposes above; they do not hold your questions.</li>
      </ul>
      <Title level={2}>Your choices and rights</Title>
      <ul>
        <li>
          You can see and correct your name in your <RouterLink to="/profile">Profile</RouterLink>.
        </li>
        <li>You can clear your chat history at any time with Clear Chat on the chat page; the questions and answers are then deleted.</li>
        <li>You can cancel Premium at any time from your Profile.</li>
        <li>
          You can ask us for a copy of the data we hold about you, to correct it, or to delete your account and its data, by contacting us (see below). Accounts
          are deleted on request.
        </li>
        <li>You can complain to us about how we handle your data, and we will answer.</li>
      </ul>
      <Title level={2}>Changes to this policy</Title>
      <Paragraph>
        When we change this policy we update the date at the top, and when a change matters we tell you by email or on the website before it takes effect.
      </Paragraph>
      <Title level={2}>Contact us</Title>
      <WriteToUs lead="For anything about your data, write to us" />
    </>
  );
}
