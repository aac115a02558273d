// power/: measuring and correcting GPU power and energy (see the headers beside this one).
#pragma once
