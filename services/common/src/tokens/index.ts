/**
 * The signed tokens clients hold, one codec each: the gateway reads and writes them in its answers,
 * and the feed service writes changes-feed positions into its feed.changed webhook events, so both
 * use these (keyed with the same CURSOR_SECRET).
 */
export { Signer, TOKEN_PATTERN } from './signer.ts';
export { changesPositionText, ChangesTokenCodec, MAX_SINCE_LENGTH, NOT_A_TOKEN, type ChangesToken } from './changes-token.ts';
