// The embedded wallet's frame entry: what a plugin's frame half (`plugins/<id>/frame.ts`) imports. The wallet frame's
// kernel loads a half only when one of its events arrives (the plugin's server half declares them: `frame` in
// defineServerPlugin); nothing of it reaches the host page.
export { defineFrameHalf, frameData, type FrameHalf, type FrameHandler, type FrameKernel, type FrameWallet } from './frame/kernel/frameHalf.js'
export { FrameFailure } from './frame/frameFailure.js'
export { testFrameKernel, type TestFrameKernelOptions } from './frame/kernel/testFrameKernel.js'
