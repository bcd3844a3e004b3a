// Where users reach a person: the contact page and the profile's Delete Account block (accounts are
// deleted only on request, spec section 6). Change the address here and both follow.
export const supportEmail = 'support@betterplus.in';

/** Spec section 9: support answers within this time. */
export const supportReplyTime = '24-48 hours';
