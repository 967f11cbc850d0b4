/* novelty._core: the compiled search core (work in progress). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static struct PyModuleDef core_module = {PyModuleDef_HEAD_INIT, "_core", "The compiled search core.", -1, NULL};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&core_module); }
