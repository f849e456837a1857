// Paid memberships of an app as other parts of the server see them (decision 0005, "Feature boundaries"; decision
// 0009): the gate of runs, pages and data, and the status route of the app's public pages.
export { isMember, type IsMemberOptions } from './is-member';
export { membershipsOn, membershipProductId, type MembershipSettings } from './memberships-on';
export { requireMembership, type RequireMembershipOptions } from './require-membership';
export { getMembership } from './get-membership';
export { planCardOf, readProduct } from './plan-card';
export { membershipRoutes } from './routes';
