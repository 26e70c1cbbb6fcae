// The server's one import point for the proposal rules: the isomorphic module in validation/.
export { checkName } from '../../validation/names.ts';
export {
  checkFiles,
  checkLimits,
  checkVersionFiles,
  LIMITS,
  type Limits,
  REPOSITORY_LIMITS,
  type RepoProposalArgs,
  type SnippetProposalArgs,
  type Verdict,
  validateRepoProposal,
  validateSnippetProposal,
} from '../../validation/proposal.ts';
