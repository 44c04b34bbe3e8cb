// Fixture: a format folder must not include another.
#include "../P3D/Model.h"
#include "Common/Bad.h"
