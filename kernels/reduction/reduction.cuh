// reduction's segment length, shared by its CUDA source and its definition.
#pragma once

// Floats summed by one block into one partial sum.
constexpr int kReductionSegment = 8192;
