// The Standard Webhooks specification's own test vector (the standard-webhooks
// repository, its JavaScript library's "sign function works" test): a signature
// made at 1614265330 (2021), so it verifies only with the clock set then.
export const STANDARD_WEBHOOKS_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
} as const;
