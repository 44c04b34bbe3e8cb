// Runs Khronos glTF-Validator on glTF and GLB files and prints one line per file.
//   node validate_gltf.js <file>...
// Exit status 1 when any file has an error, a missing external image (IO_ERROR) included: our
// writer leaves out texture references that name nothing beside the output.
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
    let report;
    try {
        report = await validateFile(file);
    } catch (error) {
        console.log(`FAIL ${file}: ${error}`);
        return false;
    }
    return printed(file, report);
}

function validateFile(file) {
    return validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
        uri: file,
        maxIssues: 1000,
        externalResourceFunction: (uri) => new Promise((resolve, reject) => {
            fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)),
                        (error, data) => error ? reject(error.toString()) : resolve(data));
        }),
    });
}

function printed(file, report) {
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    const detail = errors.slice(0, 5).map((m) => `${m.code} ${m.message} @${m.pointer}`);
    console.log(`${errors.length ? 'FAIL' : 'ok  '} ${file}: ${errors.length} errors, ` +
                `${report.issues.numWarnings} warnings` +
                (detail.length ? '\n      ' + detail.join('\n      ') : ''));
    return errors.length === 0;
}

(async () => {
    let ok = true;
    for (const file of process.argv.slice(2)) {
        ok = (await validate(file)) && ok;
    }
    process.exit(ok ? 0 : 1);
})();
