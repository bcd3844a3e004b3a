import { Typography } from 'antd';
import { InfoArticle } from '../InfoArticle.tsx';
import { WriteToUs } from '../WriteToUs.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { BASIC_PLAN, formatRupees, PREMIUM_PLAN, queriesPerMonth } from '../../../billing/plans.ts';

const { Title, Paragraph } = Typography;

/** Change this date whenever the terms below change. */
const LAST_UPDATED = '23 November 2026';

const premiumPrice = formatRupees(PREMIUM_PLAN.monthlyPriceRupees);

/** The terms of use, with the policies of spec section 9: no refunds, monthly auto-renewal, access to the end of a cancelled cycle. Typography (an <article>) styles the text and lists. */
export function TermsPage() {
  return (
    <InfoArticle title="Terms and Conditions" intro={`Last updated: ${LAST_UPDATED}`}>
      <Paragraph>
        These terms are the agreement between you and Better+ (“we”, “us”) for using the Better+ website and its knowledge assistant. By creating an account or
        using Better+ you accept them. Please read them; they are written to be understood.
      </Paragraph>

      <TermsSummary />
      <AccountAndPlans />
      <PaymentAndCancelling />
      <UsingBetterPlus />
      <ServiceAndAccount />
    </InfoArticle>
  );
}

/** The policies in five lines. */
function TermsSummary() {
  return (
    <>
      <Title level={2}>The short version</Title>
      <ul>
        <li>
          {BASIC_PLAN.name} is free with {queriesPerMonth(BASIC_PLAN)}; {PREMIUM_PLAN.name} costs {premiumPrice} per month with {queriesPerMonth(PREMIUM_PLAN)}.
        </li>
        <li>The Premium subscription auto-renews monthly unless you cancel it.</li>
        <li>If you cancel, you keep Premium until the end of the billing cycle you have paid for.</li>
        <li>No refunds: payments are non-refundable.</li>
        <li>Answers are for information only. They cite their sources; check them before you rely on an answer.</li>
      </ul>
    </>
  );
}

/** Sections 1 and 2: the account and the monthly allowance. */
function AccountAndPlans() {
  return (
    <>
      <Title level={2}>1. Your account</Title>
      <Paragraph>
        You need an account to ask questions. Give your real name and an email address you use, keep your password to yourself, and tell us at once if you think
        someone else has used your account. An account is for one person; you are responsible for what is done with it.
      </Paragraph>
      <Title level={2}>2. Plans and the monthly query allowance</Title>
      <Paragraph>
        Each question you send in the chat uses one query from your plan’s monthly allowance. The {BASIC_PLAN.name} plan is free and allows{' '}
        {queriesPerMonth(BASIC_PLAN)}. The {PREMIUM_PLAN.name} plan costs {premiumPrice} per month and allows {queriesPerMonth(PREMIUM_PLAN)}. The allowance
        starts again with each monthly period; queries you do not use do not carry over. A question is not counted when Better+ fails to answer it, or when it
        answers that the archive does not cover it. When the allowance is used up, you can ask again in the next period or upgrade your plan.
      </Paragraph>
    </>
  );
}

/** Sections 3 to 5: renewal, cancelling, no refunds. */
function PaymentAndCancelling() {
  return (
    <>
      <Title level={2}>3. Payment and automatic renewal</Title>
      <Paragraph>
        The {PREMIUM_PLAN.name} plan is paid monthly, in Indian rupees, through our payment provider Razorpay. Your subscription auto-renews monthly: Razorpay
        charges the payment method you chose at the start of each new billing cycle unless you have cancelled before then. If we ever change the price, we will
        tell you before the new price applies to you, and you can cancel before it does.
      </Paragraph>
      <Title level={2}>4. Cancelling</Title>
      <Paragraph>
        You can cancel the {PREMIUM_PLAN.name} plan anytime from your <RouterLink to="/profile">Profile</RouterLink>. Cancelling stops the next renewal; nothing
        more is charged. Cancellation keeps your access to the end of the billing cycle: you keep Premium and its remaining queries until the end of the period
        you have paid for, and then your account moves to the {BASIC_PLAN.name} plan.
      </Paragraph>
      <Title level={2}>5. No refunds</Title>
      <Paragraph>
        Payments are non-refundable. We do not refund a monthly payment, in full or in part, including for queries you did not use or for the rest of a billing
        cycle after you cancel. If you believe you were charged by mistake, for example twice for the same month, contact us and we will look into it.
      </Paragraph>
    </>
  );
}

/** Sections 6 to 8: what answers are, acceptable use, whose content is whose. */
function UsingBetterPlus() {
  return (
    <>
      <Title level={2}>6. Answers are information, not advice</Title>
      <Paragraph>
        Better+ answers from a curated archive of published sources, and every answer cites the sources it used. Answers are for general information. They are
        not legal, financial, medical or other professional advice, and they can be incomplete, out of date or wrong: schemes, rules and organisations change.
        Check the cited sources, and for a government scheme its official website or office, before you make a decision based on an answer.
      </Paragraph>
      <Title level={2}>7. Acceptable use</Title>
      <Paragraph>When you use Better+, do not:</Paragraph>
      <ul>
        <li>break the law, or use Better+ to harm, harass or deceive anyone;</li>
        <li>get around the query allowance, for example with several accounts or by sharing one account;</li>
        <li>copy the archive or the answers in bulk, or collect them with scripts, bots or scrapers;</li>
        <li>try to break into, overload or disrupt Better+, or probe it for weaknesses without our written permission;</li>
        <li>send other people’s personal information, or content that is abusive, hateful or unlawful.</li>
      </ul>
      <Paragraph>We may suspend or close an account that breaks these rules, after telling you why where we can.</Paragraph>
      <Title level={2}>8. Content</Title>
      <Paragraph>
        The archive and the Better+ service are ours; the articles and pages it cites belong to their publishers. You may use the answers you receive for your
        own work and share short parts of them, crediting the original sources. Your questions remain yours; our{' '}
        <RouterLink to="/privacy">Privacy Policy</RouterLink> says how we handle them.
      </Paragraph>
    </>
  );
}

/** Sections 9 to 12: the service, closing an account, changes, contact. */
function ServiceAndAccount() {
  return (
    <>
      <Title level={2}>9. The service</Title>
      <Paragraph>
        We work to keep Better+ available and its archive accurate, but we cannot promise that it will always be available or free of errors, and we may change
        or improve its features. Better+ is provided as it is; to the extent the law allows, we are not responsible for losses that come from relying on an
        answer without checking its sources.
      </Paragraph>
      <Title level={2}>10. Closing your account</Title>
      <Paragraph>
        To delete your account, write to our support team (see below); accounts are deleted on request. If you have a Premium subscription, cancel it first;
        deleting an account does not refund the current billing cycle.
      </Paragraph>
      <Title level={2}>11. Changes and governing law</Title>
      <Paragraph>
        We may update these terms. When a change matters, we will tell you by email or on the website before it takes effect, and the date at the top of this
        page will change. These terms are governed by the laws of India.
      </Paragraph>
      <Title level={2}>12. Contact</Title>
      <WriteToUs lead="Questions about these terms or a payment: write to us" />
    </>
  );
}
