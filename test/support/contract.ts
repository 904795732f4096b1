// The sandbox's answer checker lives with the sandbox (venue-sandbox's own
// tests use it); venue's end-to-end tests check the answers they see with it
// too. Test support only: src/ reaches the package through its public API.
export * from '../../packages/sandbox/test/support/contract.js';
